import ArgumentParser

/// The program: parse, run, and turn every error into its documented exit status.
public enum StoriesMain {
    /// Runs `stories` with `arguments` (without the program name) and returns the exit status.
    public static func run(_ arguments: [String]) async -> Int32 {
        do {
            var command = try StoriesCommand.parseAsRoot(arguments)
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
            return ExitStatus.success.rawValue
        } catch {
            if let status = ErrorReport.status(for: error) {
                Terminal.printError(ErrorReport.message(for: error))
                return status.rawValue
            }
            let code = StoriesCommand.exitCode(for: error)
            if code == .failure, !(error is ExitCode) {
                // Not ArgumentParser's and not a known type: a bug, reported without a stack trace.
                Terminal.printError("internal error: \(error)\nplease report it with the command you ran")
                return ExitStatus.software.rawValue
            }
            let message = StoriesCommand.fullMessage(for: error)
            if !message.isEmpty {
                if code == .success { Terminal.printOutput(message) } else { Terminal.writeError(message) }
            }
            return code.rawValue
        }
    }
}
