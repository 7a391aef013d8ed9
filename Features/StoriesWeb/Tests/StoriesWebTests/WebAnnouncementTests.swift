import StoriesWeb
import Testing

/// What `stories serve` says when it listens, and the `--listen` values it takes.
@Suite struct WebAnnouncementTests {
    @Test func loopbackSaysTheOwnersLinkOnOneLine() {
        let said = WebAnnouncement(host: "127.0.0.1", port: 8080, path: "/pair/abc", addresses: ["192.168.1.5"])
        #expect(said.link == "http://127.0.0.1:8080/pair/abc")
        #expect(said.lines.count == 1 && said.lines[0].pairingLink == nil)
        #expect(said.lines[0].text.hasPrefix("Serving the stories at http://127.0.0.1:8080/pair/abc"))
        #expect(WebAnnouncement(host: "::1", port: 9, path: "/", addresses: []).link == "http://[::1]:9/")
    }

    @Test func everyAddressGetsAPairingLink() {
        let said = WebAnnouncement(host: "0.0.0.0", port: 80, path: "/pair/x", addresses: ["10.0.0.2", "192.168.1.5"])
        #expect(said.link == "http://10.0.0.2:80/pair/x")
        #expect(said.lines.compactMap(\.pairingLink) == ["http://10.0.0.2:80/pair/x", "http://192.168.1.5:80/pair/x"])
        #expect(said.lines.first?.text.contains("Nothing is served before pairing") == true)
        #expect(said.lines.last?.text == "(the link works once; Ctrl-C stops)")
        // No address found: the host as given; a named host as itself; IPv6 in brackets.
        #expect(WebAnnouncement(host: "0.0.0.0", port: 80, path: "/", addresses: []).link == "http://0.0.0.0:80/")
        #expect(
            WebAnnouncement(host: "fe80::1", port: 80, path: "/", addresses: ["10.0.0.2"]).link
                == "http://[fe80::1]:80/")
    }

    @Test func listenTakesHostAndPort() {
        #expect(WebAnnouncement.address(listen: "127.0.0.1:8080")! == ("127.0.0.1", 8080))
        #expect(WebAnnouncement.address(listen: "0.0.0.0:0")! == ("0.0.0.0", 0))
        #expect(WebAnnouncement.address(listen: "[::1]:65535")! == ("::1", 65535))
        for bad in ["8080", ":8080", "host:", "host:65536", "host:-1", "host:99999999999999999999", "[]:80", "a b:80"] {
            #expect(WebAnnouncement.address(listen: bad) == nil, "\(bad)")
        }
    }
}
