/// What `stories serve` says once it listens, as lines for standard error: on loopback the
/// owner's link; beyond it, that nothing is served before pairing and a pairing link on each
/// address a phone may reach (a QR code of each may follow its line).
public struct WebAnnouncement: Sendable, Equatable {
    /// One line to say.
    public struct Line: Sendable, Equatable {
        /// The words.
        public var text: String
        /// The pairing link the line shows, whose QR code may follow it (nil: none).
        public var pairingLink: String?
    }

    /// The lines, in order.
    public var lines: [Line]
    /// The link `--open` opens: the first one shown.
    public var link: String

    /// The announcement of a server on `host`:`port` whose link has `path` (the pairing's);
    /// `addresses` are the machine's own, for a server on every address (`0.0.0.0`, `::`).
    public init(host: String, port: Int, path: String, addresses: [String]) {
        let shown = host.contains(":") ? "[\(host)]" : host
        guard !StoriesWebServer.Options.isLoopback(host) else {
            link = "http://\(shown):\(port)\(path)"
            lines = [
                Line(text: "Serving the stories at \(link) (open this link: it lets your browser in; Ctrl-C stops)")
            ]
            return
        }
        let everywhere = host == "0.0.0.0" || host == "::"
        let links = (everywhere && !addresses.isEmpty ? addresses : [shown]).map { "http://\($0):\(port)\(path)" }
        link = links[0]
        lines =
            [
                Line(
                    text: "Listening on \(shown) port \(port). Nothing is served before pairing: "
                        + "open this link once, on the device to pair:")
            ] + links.map { Line(text: "  " + $0, pairingLink: $0) }
            + [Line(text: "(the link works once; Ctrl-C stops)")]
    }

    /// `HOST:PORT` as `--listen` takes it (an IPv6 address in brackets, `[::1]:8080`; port 0
    /// asks the system for a free one); nil when it is not one.
    public static func address(listen: String) -> (host: String, port: Int)? {
        guard let colon = listen.lastIndex(of: ":"), colon > listen.startIndex,
            let port = Int(listen[listen.index(after: colon)...]), (0...65535).contains(port)
        else { return nil }
        let named = String(listen[..<colon])
        let host = named.hasPrefix("[") && named.hasSuffix("]") ? String(named.dropFirst().dropLast()) : named
        guard !host.isEmpty, !host.contains(where: \.isWhitespace) else { return nil }
        return (host, port)
    }
}
