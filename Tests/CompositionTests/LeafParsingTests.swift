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
