import Foundation

/// 64 MiB of zeros gzipped by the system's `gzip` (about 64 KB), made once (at start when `--fault gzipbomb`).
enum GzipBomb {
    static let bytes: Data = {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "head -c 64M /dev/zero | gzip -1 -c"]
        let pipe = Pipe()
        process.standardOutput = pipe
        do {
            try process.run()
        } catch {
            return Data()
        }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return data
    }()
}
