import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import StoriesWeb
import StoryInterfaces
import Synchronization
import Testing

/// Pairing: nothing before the printed link, on loopback too; the owner's link kept privately.
extension WebGuardTests {
    @Test func beyondLoopbackNothingIsServedBeforePairingAndTheLinkWorksOnce() async throws {
        let fixture = try WebFixture()
        let options = StoriesWebServer.Options(host: "0.0.0.0", port: 8080)
        let path = try #require(options.pairing.path)
        try await fixture.test(options, paired: false) { client in
            try await client.execute(uri: "/", method: .get) { response in
                #expect(response.status == .forbidden)
                #expect(response.text.contains("not paired"))
            }
            try await client.execute(uri: "/api/state", method: .get) { #expect($0.status == .forbidden) }
            try await client.execute(uri: "/pair/0123", method: .get) { #expect($0.status == .forbidden) }
            let cookie = try await client.execute(uri: path, method: .get) { response in
                #expect(response.status == .seeOther)
                return response.headers[.setCookie] ?? ""
            }
            #expect(cookie.contains("HttpOnly") && cookie.contains("SameSite=Lax"))
            let session = String(cookie.prefix { $0 != ";" })
            try await client.execute(uri: "/", method: .get, headers: [.cookie: session]) {
                #expect($0.status == .ok)
            }
            try await client.execute(uri: path, method: .get) { #expect($0.status == .forbidden) }
            try await client.execute(uri: "/", method: .get, headers: [.cookie: "stories_session_8080=guess"]) {
                #expect($0.status == .forbidden)
            }
        }
        #expect(options.pairing.path == nil)
    }

    @Test func onLoopbackTooABrowserGetsNothingBeforeThePrintedLink() async throws {
        let fixture = try WebFixture()
        let options = StoriesWebServer.Options()
        let path = try #require(options.pairing.path)
        try await fixture.test(options, paired: false) { client in
            for uri in ["/", "/api/tray", "/api/state", "/u/ada/ada-0", "/gallery", "/media/avatar/ada/x.img"] {
                try await client.execute(uri: uri, method: .get) { response in
                    #expect(response.status == .forbidden, "\(uri)")
                    #expect(response.headers[.connection] == "close", "an unpaired client is not kept")
                    #expect(!response.text.contains("Ada"), "\(uri)")
                }
            }
            try await client.execute(uri: "/api/seen", method: .post, body: ByteBuffer(string: #"{"items":["ada-0"]}"#))
            {
                #expect($0.status == .forbidden)
            }
            #expect(fixture.store.state.withLock { $0.seen.isEmpty })
            // The owner's link works on every visit; the cookie's name carries the port.
            for _ in 0..<2 {
                let cookie = try await client.execute(uri: path, method: .get) { response in
                    #expect(response.status == .seeOther)
                    return response.headers[.setCookie] ?? ""
                }
                #expect(cookie.hasPrefix("stories_session_8080="))
                try await client.execute(
                    uri: "/", method: .get, headers: [.cookie: String(cookie.prefix { $0 != ";" })]
                ) {
                    #expect($0.status == .ok)
                }
            }
            try await client.execute(uri: "/pair/" + String(repeating: "0", count: 64), method: .get) {
                #expect($0.status == .forbidden)
            }
        }
        #expect(options.pairing.path == path)
    }

    @Test func theOwnersLinkIsKeptInAPrivateFileAcrossRestarts() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("serve-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("stories/serve-secret").path
        let first = try Pairing.owner(keptIn: file)
        let again = try Pairing.owner(keptIn: file)
        #expect(first.path != nil && first.path == again.path)
        let mode = try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? NSNumber
        #expect(mode?.intValue == 0o600)
        // A file others could read is not trusted: a new secret replaces it.
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: file)
        #expect(try Pairing.owner(keptIn: file).path != first.path)
    }
}
