import Foundation
import StoryImages
import StoryInterfacesTestSupport
import Testing

@testable import StoryTerminal

#if canImport(Glibc)
    import Glibc
#endif

/// kitty's pictures by temporary file: written only this user can read, named so
/// kitty deletes them, and used only where the terminal was seen to read and delete a probe.
@Suite("kitty pictures by file")
struct KittyFilesTests {
    static func folder() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("kitty-files-\(UUID().uuidString)")
            .path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    static func files(in folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    }

    /// The path a `t=t` command names.
    static func path(in command: [UInt8]) -> String? {
        let text = String(decoding: command, as: UTF8.self)
        guard let start = text.range(of: ";"),
            let end = text.range(of: "\u{1B}\\", range: start.upperBound..<text.endIndex),
            let data = Data(base64Encoded: String(text[start.upperBound..<end.lowerBound]))
        else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    @Test func aPictureIsOneCommandNamingAPrivateFileOfItsPixels() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let image = RGBImage(width: 3, height: 2, pixels: (0..<18).map { UInt8($0 * 9) })
        let command = KittyGraphics.transmit(image, id: 7, compressed: true, quiet: 1, files: folder)
        let text = String(decoding: command, as: UTF8.self)
        #expect(text.hasPrefix("\u{1B}_Ga=t,i=7,f=24,s=3,v=2,q=1,t=t;"), "\(text)")
        #expect(!text.contains("o=z") && !text.contains("m=1"), "one command, uncompressed")
        let path = try #require(Self.path(in: command))
        #expect(path.hasPrefix(folder + "/") && path.contains(KittyFiles.marker))
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data(image.pixels))
        var status = stat()
        #expect(stat(path, &status) == 0 && status.st_mode & 0o777 == 0o600, "only this user reads it")
        // RGBA with transparency goes the same way.
        let round = KittyGraphics.transmit(image, opaque: [true, false, true, true, false, true], id: 8, files: folder)
        let rgba = try Data(contentsOf: URL(fileURLWithPath: try #require(Self.path(in: round))))
        #expect(rgba.count == 24 && rgba[3] == 255 && rgba[7] == 0)
        #expect(String(decoding: round, as: UTF8.self).contains("f=32"))
    }

    @Test func anUnwritableFolderSendsThePictureInline() throws {
        let image = RGBImage(width: 2, height: 2, pixels: [UInt8](repeating: 200, count: 12))
        let inline = KittyGraphics.transmit(image, id: 3, compressed: false, files: "/nonexistent-folder")
        #expect(inline == KittyGraphics.transmit(image, id: 3, compressed: false))
        #expect(KittyFiles.write([1, 2, 3], in: "/nonexistent-folder") == nil)
    }

    @Test func theFolderIsTMPDIRWhenItIsOne() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(KittyFiles.directory(["TMPDIR": folder + "/"]) == folder)
        #expect(KittyFiles.directory(["TMPDIR": "relative/tmp"]) == "/tmp")
        #expect(KittyFiles.directory(["TMPDIR": folder + "/missing"]) == "/tmp")
        #expect(KittyFiles.directory([:]) == "/tmp")
    }

    /// The terminal, played on a pseudo-terminal: what it does with the probe decides.
    enum Terminal: CaseIterable { case readsAndDeletes, readsAndKeeps, ignores }

    @Test(arguments: Terminal.allCases)
    func filesAreUsedOnlyWhereTheTerminalReadAndDeletedTheProbe(terminal: Terminal) async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let pty = try PseudoTerminal()
        let slave = pty.slave
        let detection = Task {
            try await onOwnThread {
                GraphicsDetection.detect(
                    configured: .auto, environment: ["TERM": "xterm-kitty", "TMPDIR": folder], input: slave,
                    output: slave, deadline: .seconds(120))
            }
        }
        let asked = try await onOwnThread { pty.read(until: Array("\u{1B}[c".utf8)) }
        let text = String(decoding: asked, as: UTF8.self)
        let probe = try #require(text.range(of: "\u{1B}_Gi=32,").map { String(text[$0.lowerBound...]) })
        #expect(probe.hasPrefix("\u{1B}_Gi=32,s=1,v=1,a=q,f=24,t=t;"))
        let path = try #require(Self.path(in: Array(probe.utf8)))
        #expect(Self.files(in: folder) == [URL(fileURLWithPath: path).lastPathComponent])
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data([0, 0, 0]))
        switch terminal {
        case .readsAndDeletes:
            unlink(path)
            pty.answer("\u{1B}_Gi=31;OK\u{1B}\\\u{1B}_Gi=32;OK\u{1B}\\\u{1B}[?62;c")
        case .readsAndKeeps:
            pty.answer("\u{1B}_Gi=31;OK\u{1B}\\\u{1B}_Gi=32;OK\u{1B}\\\u{1B}[?62;c")
        case .ignores:
            pty.answer("\u{1B}_Gi=31;OK\u{1B}\\\u{1B}_Gi=32;ENOENT:no such file\u{1B}\\\u{1B}[?62;c")
        }
        let decision = try await detection.value
        #expect(decision.mode == .kitty)
        #expect(decision.kittyFiles == (terminal == .readsAndDeletes ? folder : nil))
        #expect(Self.files(in: folder).isEmpty, "no probe is left behind")
        #expect(decision.learned.contains("by file") == (terminal == .readsAndDeletes))
    }
}
