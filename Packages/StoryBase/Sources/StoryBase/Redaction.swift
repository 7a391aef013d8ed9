import Foundation

/// Credentials out of text that is printed or logged (PRODUCT.md §8: credentials never reach a
/// log, an error or `stories config`). URLs are found anywhere in the text (`scheme://…` up to
/// whitespace or a quote); their password, and for messages their query string (tokens ride
/// there: `?token=…`), become `(hidden)`. A password may hold a raw `@`, `/`, `?` or `#`: the
/// user part ends at the authority's last `@`.
public enum Redaction {
    /// `text` with every URL's password hidden (`postgres://ada:(hidden)@host/db?sslmode=require`).
    public static func hidingPasswords(_ text: String) -> String {
        rewrite(text, hidingQuery: false)
    }

    /// `text` with every URL's password and query string hidden, for logs and error messages
    /// (`https://ada:(hidden)@host/x.jpg?(hidden)`).
    public static func redacted(_ text: String) -> String {
        rewrite(text, hidingQuery: true)
    }

    private static func rewrite(_ text: String, hidingQuery: Bool) -> String {
        guard text.contains("://") else { return text }
        var result = ""
        var rest = Substring(text)
        while let marker = rest.range(of: "://") {
            // The scheme: letters, digits, + - . back from the marker.
            var schemeStart = marker.lowerBound
            while schemeStart > rest.startIndex {
                let before = rest[rest.index(before: schemeStart)]
                guard before.isASCII, before.isLetter || before.isNumber || "+-.".contains(before) else { break }
                schemeStart = rest.index(before: schemeStart)
            }
            let end =
                rest[marker.upperBound...].firstIndex { $0.isWhitespace || "\"'<>`".contains($0) } ?? rest.endIndex
            result += rest[..<marker.upperBound]
            guard schemeStart < marker.lowerBound else {
                rest = rest[marker.upperBound...]
                continue
            }
            result += rewriteAfterScheme(rest[marker.upperBound..<end], hidingQuery: hidingQuery)
            rest = rest[end...]
        }
        return result + rest
    }

    /// `user:password@host/path?query#fragment` with the password (and the query) hidden. The
    /// password is everything from the first `:` to the authority's last `@`, whatever it holds
    /// (`@`, `/`, `?`, `#`): that `@` is the last one followed by a host (letters, digits,
    /// `.-_`, an IPv6 `[…]`, a `:port`) up to the path, the query or the end. Text after it
    /// that only looks like a host hides a little more, never less.
    private static func rewriteAfterScheme(_ url: Substring, hidingQuery: Bool) -> String {
        var output = ""
        var rest = url[...]
        let authorityAt = url.indices.last { index in
            guard url[index] == "@" else { return false }
            let host = url[url.index(after: index)...].prefix { !"/?#".contains($0) }
            return !host.isEmpty
                && host.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || ".-_[]:%".contains($0)) }
        }
        if let at = authorityAt, let colon = url[..<at].firstIndex(of: ":") {
            output += url[..<colon] + ":(hidden)"
            rest = url[at...]
        }
        guard hidingQuery, let question = rest.firstIndex(of: "?") else { return output + rest }
        output += rest[..<question] + "?(hidden)"
        if let fragment = rest[question...].firstIndex(of: "#") { output += rest[fragment...] }
        return output
    }
}
