import ArgumentParser
import Foundation
import StoryInterfaces
import StoryTerminal

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The program: parse, run, and turn every error into its documented exit status.
public enum StoriesMain {
    /// What the main thread made of the command line (``start(_:)``), handed to ``runAndExit(_:)``.
    /// Unchecked: it holds the parsed command (ArgumentParser's commands are not `Sendable`),
    /// handed once from the main thread to where the program runs and used there alone.
    public struct Start: @unchecked Sendable {
        fileprivate enum Step {
            /// Nothing left to do: the program ends with this status.
            case finished(Int32)
            /// A leaf subcommand, parsed.
            case parsed(any ParsableCommand)
            /// Parsed on the pool: through the whole tree, or by a leaf whose completions are
            /// asynchronous (a synchronous parse refuses those).
            case unparsed([String])
        }
        fileprivate let step: Step
        fileprivate init(_ step: Step) { self.step = step }
        fileprivate static func finished(_ status: Int32) -> Start { Start(.finished(status)) }

        /// The exit status when nothing is left to run (`--version`, an unknown command).
        public var finishedStatus: Int32? {
            if case .finished(let status) = step { return status }
            return nil
        }
    }

    /// The start of every run, on the main thread: the process set up, `--version` answered, and
    /// a leaf subcommand named first parsed by itself (ArgumentParser then reflects over one
    /// command's arguments instead of the whole tree's).
    public static func start(_ arguments: [String]) -> Start {
        // A closed pipe is a write error (EPIPE, exit 74 with a message), not a silent death.
        signal(SIGPIPE, SIG_IGN)
        // Whatever this process creates is its user's only (state, log, caches, clips): other
        // users of the machine read none of it. Each place also sets its own mode.
        umask(0o077)
        StandardStreams.reserveClosedStandardDescriptors()
        if arguments == ["--version"] {  // answered before ArgumentParser builds anything
            do {
                try StandardStreams.printOutput(StoriesCommand.configuration.version)
                return .finished(ExitStatus.success.rawValue)
            } catch {
                StandardStreams.printError(error.description)
                return .finished(ExitStatus.ioError.rawValue)
            }
        }
        var arguments = arguments  // `stories ~/Pictures/trip`: a folder first browses it
        if let first = arguments.first, !StoriesCommand.commandNames.contains(first), !first.hasPrefix("-"),
            FileManager.default.fileExists(atPath: first)
        {
            arguments = ["browse", "--source", "folder", "--folder", first] + arguments.dropFirst()
        }
        if let unknown = StoriesCommand.unknownCommand(arguments) {
            StandardStreams.writeError(unknown)
            return .finished(ExitStatus.usage.rawValue)
        }
        if let first = arguments.first, let leaf = StoriesCommand.leaves[first],
            !StoriesCommand.leavesWithAsynchronousCompletions.contains(first),
            !arguments.contains(where: StoriesCommand.needsTheTree),
            let command = try? leaf.parseAsRoot(Array(arguments.dropFirst()))
        {
            return Start(.parsed(command))
        }
        return Start(.unparsed(arguments))
    }

    /// Finishes what ``start(_:)`` began on the cooperative pool and exits with its status where
    /// the program ends, while the main thread serves the main queue as an asynchronous `main`
    /// would.
    public static func runAndExit(_ start: Start) -> Never {
        Task.detached { exit(await finish(start)) }
        dispatchMain()
    }

    private static func finish(_ start: Start) async -> Int32 {
        let status = await runCommand(start)
        await ProgramEnd.run()  // e.g. a shared store's pending changes, sent or said
        await SharedHTTP.shutdown()  // the one HTTP client, closed before the program exits
        return status
    }

    /// Parses `arguments`: a leaf subcommand named first parses the rest alone — ArgumentParser
    /// then reflects over one command's arguments instead of every command's, and (the leaves
    /// name `stories` as their `_superCommandName`) skips its completion-script check, which
    /// parsed the arguments twice more. Help, completions and whatever a leaf refuses go through
    /// the whole tree, which says it as usual.
    static func parse(_ arguments: [String]) async throws -> any ParsableCommand {
        if let first = arguments.first, let leaf = StoriesCommand.leaves[first],
            !arguments.contains(where: StoriesCommand.needsTheTree),
            let command = try? await StoriesCommand.parse(Array(arguments.dropFirst()), as: leaf)
        {
            return command
        }
        return try await StoriesCommand.asyncParseAsRoot(arguments)
    }

    /// Runs `command`, asynchronously when it is async. Cast from its own type (the existential
    /// opened): a cast from `any ParsableCommand` first asks whether the existential type itself
    /// conforms, a scan of every conformance of the program for a certain no.
    private static func run(_ command: some ParsableCommand) async throws {
        if var asyncCommand = command as? any AsyncParsableCommand {
            try await asyncCommand.run()
        } else {
            var command = command
            try command.run()
        }
    }

    private static func runCommand(_ start: Start) async -> Int32 {
        do {
            switch start.step {
            case .finished(let status): return status
            case .parsed(let command): try await run(command)
            case .unparsed(let arguments): try await run(try await parse(arguments))
            }
            return ExitStatus.success.rawValue
        } catch {
            if let status = ErrorReport.status(for: error) {
                StandardStreams.printError(ErrorReport.message(for: error))
                return status.rawValue
            }
            let code = StoriesCommand.exitCode(for: error)
            if code == .failure, !(error is ExitCode) {
                // Not ArgumentParser's and not a known type: a bug, reported without a stack trace.
                StandardStreams.printError("internal error: \(error)\nplease report it with the command you ran")
                return ExitStatus.software.rawValue
            }
            let message = StoriesCommand.fullMessage(for: error)
            if !message.isEmpty {
                if code == .success {
                    do {
                        try StandardStreams.printOutput(message)
                    } catch {
                        StandardStreams.printError(error.description)
                        return ExitStatus.ioError.rawValue
                    }
                } else {
                    StandardStreams.writeError(message)
                }
            }
            return code.rawValue
        }
    }
}
