import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// kitty's pictures by temporary file (`t=t`) rather than base64 through the terminal: a
/// picture is written to a new file only this user can read, and the command names its path;
/// the terminal reads the file and deletes it (kitty deletes a file it reads when it sits in a
/// temporary folder and its name holds ``marker``). No zlib, no base64, a hundred bytes through
/// the terminal instead of a megabyte.
///
/// Only where the terminal was seen to do it (as kitty's icat asks): a probe file is offered
/// with the first questions, and files are used when the terminal answered that it read it
/// and the file is gone. Over ssh, in a container, in a terminal that reads but keeps the file,
/// or when the folder cannot be written, pictures go inline as before.
public enum KittyFiles {
    /// The part of the name kitty looks for before it deletes a file it read.
    public static let marker = "tty-graphics-protocol"

    /// The folder for the files: `TMPDIR` when it names a folder, else `/tmp`.
    public static func directory(_ environment: [String: String]) -> String {
        if let folder = environment["TMPDIR"], folder.hasPrefix("/") {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue {
                return folder.count > 1 && folder.hasSuffix("/") ? String(folder.dropLast()) : folder
            }
        }
        return "/tmp"
    }

    /// A new file in `directory` (created, never opened if it exists; mode 0600) holding
    /// `bytes`: its path, or nil when it could not be written whole (nothing is left behind).
    public static func write(_ bytes: [UInt8], in directory: String) -> String? {
        var template = Array("\(directory)/\(marker)-stories-XXXXXX".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { return nil }
        let path = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let failed = RawWrite.all(bytes, to: descriptor) != nil
        if close(descriptor) != 0 || failed {
            unlink(path)
            return nil
        }
        return path
    }

    /// The command that transmits a file's pixels: `keys` and the path (base64) as payload.
    static func command(keys: String, path: String) -> [UInt8] {
        Array("\u{1B}_G\(keys),t=t;\(Data(path.utf8).base64EncodedString())\u{1B}\\".utf8)
    }

    /// A probe: a 1×1 picture's file in `directory` and the query asking the terminal to read it
    /// (a terminal that can answers `ESC _ G i=32;OK ESC \`). Nil when the file cannot be written.
    public static func probe(in directory: String) -> (path: String, query: [UInt8])? {
        guard let path = write([0, 0, 0], in: directory) else { return nil }
        return (path, command(keys: "i=32,s=1,v=1,a=q,f=24", path: path))
    }

    /// Whether the terminal read the probe at `path` (its answer is in `answers`) and deleted
    /// it; a probe it left is deleted here.
    public static func settle(probe path: String, answers: [UInt8]) -> Bool {
        let read = String(decoding: answers, as: UTF8.self).contains("\u{1B}_Gi=32;OK")
        guard access(path, F_OK) == 0 else { return read }
        unlink(path)
        return false
    }
}
