import ArgumentParser
import StoriesComposition
import Testing

/// `stories` parses a leaf subcommand named first by itself (start-up, issue 31): the table of
/// leaves is every subcommand without subcommands of its own, each skips ArgumentParser's
/// completion-script check, and a command line parsed either way is the same command.
@Suite("Parsing a leaf subcommand alone")
struct LeafParsingTests {
    @Test func theLeavesAreEverySubcommandWithoutSubcommandsOfItsOwn() {
        let leaves = StoriesCommand.configuration.subcommands.filter { $0.configuration.subcommands.isEmpty }
        #expect(Set(StoriesCommand.leaves.keys) == Set(leaves.map { $0._commandName }))
        for (name, type) in StoriesCommand.leaves {
            #expect(type._commandName == name)
            #expect(type.configuration._superCommandName == "stories", "\(name) would run the completion check")
        }
    }

    /// `stories` parses a leaf on the main thread with ArgumentParser's synchronous parse, which
    /// in a debug build (this one) stops the program for a command with asynchronous
    /// completions: every leaf not listed as having them parses synchronously here, and the
    /// listed ones are leaves.
    @Test func everyLeafButTheListedParsesSynchronously() throws {
        #expect(StoriesCommand.leavesWithAsynchronousCompletions.isSubset(of: Set(StoriesCommand.leaves.keys)))
        for (name, leaf) in StoriesCommand.leaves where !StoriesCommand.leavesWithAsynchronousCompletions.contains(name)
        {
            let arguments = name == "render" ? ["pic.jpg"] : []
            if let command = try? leaf.parseAsRoot(arguments) {
                #expect(type(of: command) == leaf)
            }
        }
    }

    /// The names written out for start-up are the subcommands' own, in their order.
    @Test func theCommandNamesAreTheSubcommandsNames() {
        #expect(
            StoriesCommand.commandNames == StoriesCommand.configuration.subcommands.map { $0._commandName } + ["help"])
    }

    @Test(arguments: [
        ["tray", "--page", "2", "--json", "--source", "bundled"],
        ["view", "ada", "--keys", "next mute", "--set", "feed.pageSize=3", "--json"],
        ["mute", "ada", "--off", "--store", "memory"],
        ["reset", "--all"],
        ["render", "pic.jpg", "--width", "40", "--graphics", "kitty"],
    ])
    func aCommandLineParsedAloneIsTheSameAsThroughTheTree(arguments: [String]) async throws {
        let leaf = try #require(StoriesCommand.leaves[arguments[0]])
        let alone = try await StoriesCommand.parse(Array(arguments.dropFirst()), as: leaf)
        let tree = try await StoriesCommand.asyncParseAsRoot(arguments)
        #expect(String(reflecting: alone) == String(reflecting: tree))
        #expect(type(of: alone) == leaf && type(of: tree) == leaf)
    }
}
