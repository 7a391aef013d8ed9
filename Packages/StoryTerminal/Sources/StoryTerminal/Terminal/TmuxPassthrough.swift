import Foundation
import Subprocess
import Synchronization

#if canImport(System)
    import System
#else
    import SystemPackage
#endif

/// Pictures inside tmux: where the terminal outside tmux is kitty, the screens
/// draw kitty's Unicode placeholders (plain text to tmux) and send the graphics commands
/// through tmux's passthrough, as chafa and kitty's icat do; half blocks otherwise.
///
/// The outer terminal is found by asking tmux (`display -p '#{client_termtype}'`: what the
/// attached client's terminal answered to XTVERSION; kitty 0.28 or later), and passthrough is switched on for this pane only (`set -p
/// allow-passthrough on`, tmux ≥ 3.3; an older tmux refuses it and half blocks stay).
public enum TmuxPassthrough {
    /// Whether pictures can go through tmux to a kitty outside it (and, with `enable`,
    /// passthrough is on for this pane now). False outside tmux, and whenever tmux does not
    /// answer in a second.
    public static func kittyOutside(_ environment: [String: String], enable: Bool = true) async -> Bool {
        guard environment["TMUX"] != nil, let tmux = program("tmux", environment) else { return false }
        guard let answer = await run(tmux, ["display", "-p", "#{client_termtype}"], environment),
            supportsPlaceholders(termType: answer)
        else { return false }
        guard enable else { return true }
        return await run(tmux, ["set", "-p", "allow-passthrough", "on"], environment) != nil
    }

    /// Whether the terminal outside tmux shows 24-bit colour, as tmux says of its client
    /// (`client_termfeatures` lists `RGB`, from its terminfo's `Tc`/`RGB` or a
    /// `terminal-features` setting): inside tmux COLORTERM is usually unset, and half blocks fell
    /// back to 256 colours in a truecolor terminal. False outside tmux or without an answer.
    public static func truecolorOutside(_ environment: [String: String]) async -> Bool {
        guard environment["TMUX"] != nil, let tmux = program("tmux", environment),
            let features = await run(tmux, ["display", "-p", "#{client_termfeatures}"], environment)
        else { return false }
        return hasRGB(features: features)
    }

    /// Whether a `client_termfeatures` answer ("256,RGB,title,…") has 24-bit colour.
    public static func hasRGB(features: String) -> Bool {
        features.split(separator: ",").contains { $0.trimmingCharacters(in: .whitespaces) == "RGB" }
    }

    /// kitty's placeholders came in 0.28.0: the outer terminal's XTVERSION as tmux reports it
    /// (`client_termtype`, e.g. "kitty(0.26.5)") must name kitty 0.28 or later — Debian 12's
    /// 0.26.5 would show the placeholder characters as boxes.
    public static func supportsPlaceholders(termType: String) -> Bool {
        guard termType.hasPrefix("kitty("), let close = termType.firstIndex(of: ")") else { return false }
        let version = termType[termType.index(termType.startIndex, offsetBy: 6)..<close].split(separator: ".")
            .compactMap { Int($0) }
        guard version.count >= 2 else { return false }
        return (version[0], version[1]) >= (0, 28)
    }

    /// `name` on PATH.
    public static func program(_ name: String, _ environment: [String: String]) -> String? {
        let folders = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return folders.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// The program's output when it exits 0 within `limit` (a second: start-up waits for it);
    /// nil otherwise (killed then). Run through swift-subprocess: no input, errors discarded,
    /// our descriptors closed in it.
    public static func run(
        _ path: String, _ arguments: [String], _ environment: [String: String], limit: Duration = .seconds(1)
    ) async -> String? {
        let answer = Mutex<String?>(nil)
        let task = Task {
            guard
                let result = try? await Subprocess.run(
                    .path(FilePath(path)), arguments: Arguments(arguments),
                    environment: .custom(
                        Dictionary(
                            uniqueKeysWithValues: environment.compactMap { key, value in
                                Environment.Key(rawValue: key).map { ($0, value) }
                            })),
                    output: .string(limit: 4096), error: .discarded),
                case .exited(0) = result.terminationStatus
            else { return }
            answer.withLock { $0 = result.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines) }
        }
        let timer = Task {
            try? await Task.sleep(for: limit)
            task.cancel()  // swift-subprocess kills and reaps it
        }
        await task.value
        timer.cancel()
        return answer.withLock { $0 }
    }
}
