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
    /// Runs the command line `arguments` (without the program's name) and returns the exit
    /// status: the process set up, `--version` answered before ArgumentParser builds anything,
    /// a folder named first browsed, an unknown command refused, then the command parsed and run.
    public static func run(_ arguments: [String]) async -> Int32 {
        // A closed pipe is a write error (EPIPE), not a death by signal: the command ends
        // quietly with status 0 (`stories doctor | head -3`), after its cleanup.
        signal(SIGPIPE, SIG_IGN)
        // Whatever this process creates is its user's only (state, log, caches, clips): other
        // users of the machine read none of it. Each place also sets its own mode.
        umask(0o077)
        StandardStreams.reserveClosedStandardDescriptors()
        if arguments == ["--version"] {
            do {
                try StandardStreams.printOutput(StoriesCommand.configuration.version)
                return ExitStatus.success.rawValue
            } catch {
                StandardStreams.printError(error.description)
                return ExitStatus.ioError.rawValue
            }
        }
        // `stories ~/Pictures/trip` (global options before it or after): a folder first browses it.
        var arguments = arguments
        if let end = GlobalOptions.leadingOptionsEnd(arguments), end < arguments.count,
            case let first = arguments[end], !StoriesCommand.commandNames.contains(first), !first.hasPrefix("-"),
            FileManager.default.fileExists(atPath: first)
        {
            arguments =
                ["browse", "--source", "folder", "--folder", first] + arguments[..<end] + arguments[(end + 1)...]
        }
        arguments = GlobalOptions.movingLeadingOptions(arguments, commands: StoriesCommand.commandNames)
        arguments = folderAfterCommand(arguments)
        if let unknown = StoriesCommand.unknownCommand(arguments) {
            StandardStreams.writeError(unknown)
            return ExitStatus.usage.rawValue
        }
        let status = await runCommand(arguments)
        await ProgramEnd.run()  // e.g. a shared store's pending changes, sent or said
        await SharedHTTP.shutdown()  // the one HTTP client, closed before the program exits
        return status
    }

    /// `stories tray ~/Pictures/trip`: a folder after a command that lists content (none of
    /// them takes a positional argument) is that folder as the source, as bare `stories PATH`
    /// is. A word that is an option's value (`--folder X`, `--config X`) is left alone.
    static func folderAfterCommand(_ arguments: [String]) -> [String] {
        guard let command = arguments.first, ["browse", "tray", "photos", "serve", "memories"].contains(command) else {
            return arguments
        }
        var arguments = arguments
        for index in arguments.indices.dropFirst() {
            let word = arguments[index]
            if word == "--" { break }
            let previous = arguments[index - 1]
            guard !word.hasPrefix("-"), !GlobalOptions.takingValues.contains(previous),
                !["--page", "--limit", "--listen", "--date", "--window"].contains(previous)
            else { continue }
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: word, isDirectory: &isFolder), isFolder.boolValue {
                arguments.replaceSubrange(index...index, with: ["--source", "folder", "--folder", word])
                break
            }
        }
        return arguments
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

    private static func runCommand(_ arguments: [String]) async -> Int32 {
        do {
            try await run(try await parse(arguments))
            return ExitStatus.success.rawValue
        } catch let error as OutputError where error.isClosedPipe {
            return ExitStatus.success.rawValue  // the reader has all it wanted
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
                        try StandardStreams.printOutput(HelpLayout.ownOptionsFirst(message))
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

/// The order of a subcommand's help: ArgumentParser prints titled option groups before the
/// command's own options; a reader looks for the command's own first, the options every
/// subcommand shares (``GlobalOptions``, "GLOBAL OPTIONS:") after them.
enum HelpLayout {
    /// `help` with its "GLOBAL OPTIONS:" section moved after its "OPTIONS:" section (the text
    /// as it is when it has not both).
    static func ownOptionsFirst(_ help: String) -> String {
        var sections = help.components(separatedBy: "\n\n").map { $0.trimmingCharacters(in: .newlines) }
        guard let global = sections.firstIndex(where: { $0.hasPrefix("GLOBAL OPTIONS:") }),
            let own = sections.firstIndex(where: { $0.hasPrefix("OPTIONS:") }), global < own
        else { return help }
        let moved = sections.remove(at: global)
        sections.insert(moved, at: own)  // `own` moved up by one: after the command's own options
        return sections.filter { !$0.isEmpty }.joined(separator: "\n\n")
    }
}
