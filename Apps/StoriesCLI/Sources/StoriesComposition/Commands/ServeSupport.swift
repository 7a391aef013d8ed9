import Foundation
import StoryTerminal

/// A QR code of a link as text, by `qrencode` when it is installed (Debian's qrencode);
/// nil without it (the link is printed either way).
enum QRCode {
    static func text(_ link: String) async -> String? {
        let environment = ProcessInfo.processInfo.environment
        guard let program = TmuxPassthrough.program("qrencode", environment) else { return nil }
        return await TmuxPassthrough.run(program, ["-t", "UTF8", "-m", "2", link], environment)
    }
}
