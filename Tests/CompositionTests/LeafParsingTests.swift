import ArgumentParser
import StoriesComposition
import Testing

/// `stories` parses a leaf subcommand named first by itself: the table of subcommands says each
/// one's name and whether it is a leaf as its own configuration does, each leaf skips
/// ArgumentParser's completion-script check, and a command line parsed either way is the same
/// command.
@Suite("Parsing a leaf subcommand alone")
struct LeafParsingTests {
    /// Each entry of the one table is its command: its name, and a leaf exactly when it has no
    /// subcommands of its own; the plugins' (the shared store's) come after the app's own.
    @Test func theTableSaysWhatEachCommandIs() {
        for entry in StoriesCommand.table {
            #expect(entry.type._commandName == entry.name)
            #expect(entry.isLeaf == entry.type.configuration.subcommands.isEmpty, "\(entry.name)")
        }
        #expect(Set(StoriesCommand.table.map(\.name)).count == StoriesCommand.table.count, "no name twice")
        #expect(PluginRegistry.standard.commands.map(\.name) == ["sync", "admin"])
        #expect(StoriesCommand.table.suffix(2).map(\.name) == ["sync", "admin"])
        #expect(PluginRegistry().commands.isEmpty, "a registry without the shared store brings no command")
    }

    @Test func theLeavesAreEverySubcommandWithoutSubcommandsOfItsOwn() {
        let leaves = StoriesCommand.configuration.subcommands.filter { $0.configuration.subcommands.isEmpty }
        #expect(Set(StoriesCommand.leaves.keys) == Set(leaves.map { $0._commandName }))
        for (name, type) in StoriesCommand.leaves {
            #expect(type._commandName == name)
            #expect(type.configuration._superCommandName == "stories", "\(name) would run the completion check")
        }
    }

    /// The names written out are the subcommands' own, in their order.
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
