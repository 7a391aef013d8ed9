public import ArgumentParser
import ConfigurationLayers
import Foundation
import StoryInterfaces
import StoryTerminal

/// `stories sync [--json]`: exchange state with the PostgreSQL server now.
struct SyncCommand: AsyncParsableCommand {
    /// The command's help.
    static let configuration = CommandConfiguration(
        commandName: "sync", _superCommandName: "stories",
        abstract: "Exchange seen and liked state with the PostgreSQL server now (store.kind=postgres).",
        discussion: """
            Sends the changes saved here and brings the other devices'. Every command also syncs \
            (before its first read and at its end) and the interactive app syncs in the background. \
            JSON: {"sent","received","pending","lastSync"}. Exit 69: the server is unreachable (the \
            changes wait here); 78: it refused the login.
            """)

    @OptionGroup(title: "Global options") var options: GlobalOptions
    @Flag(help: "Print JSON.") var json = false

    /// Syncs, then says what moved and what waits.
    func run() async throws {
        let root = try options.compositionRoot(environment: ProcessInfo.processInfo.environment)
        let outcome = try await PostgresURLOriginError.naming(PostgresStorePlugin.urlOrigin(root)) {
            try await AdminCommand.sharedStore(options, for: "stories sync").syncNow()
        }
        try StandardStreams.printOutput(json ? try JSONOutput.encode(outcome) : outcome.sentence)
    }
}

/// `stories admin init | add-person NAME | remove-person NAME`: the server's schema and people,
/// with the database owner's URL (never a device's).
struct AdminCommand: AsyncParsableCommand {
    /// The command tree and help.
    static let configuration = CommandConfiguration(
        commandName: "admin", abstract: "Set up the PostgreSQL server and its people (with the owner's URL).",
        discussion: """
            Run with the database owner's URL (--url, else store.postgres.url): a role that may \
            create roles. Each person gets a login role of their own; row-level security keeps \
            each to their rows, so their devices never hold the owner's credentials.
            """,
        subcommands: [Init.self, AddPerson.self, RemovePerson.self])

    /// The configured store, when its state is shared through a server.
    static func sharedStore(_ options: GlobalOptions, for command: String) async throws -> any SharedStateStoring {
        let root = try options.compositionRoot(environment: ProcessInfo.processInfo.environment)
        guard let store = try await root.makeStore() as? any SharedStateStoring else {
            throw ConfigurationError.invalidValue(
                key: "store.kind", value: root.settings.storeKind, source: root.settings.resolved["store.kind"].source,
                origin: command, allowed: "a store shared through a server (postgres)")
        }
        return store
    }

    /// The owner's connection.
    struct Owner: ParsableArguments {
        @OptionGroup(title: "Global options") var options: GlobalOptions
        @Option(help: "The database owner's postgres:// URL (default: store.postgres.url).") var url: String?

        /// The owner's connection: `--url`, else store.postgres.url; neither is a usage error
        /// saying to pass the owner's URL (it was "invalid value sqlite for store.kind"). A
        /// refused login or a bad URL says which of the two it came from.
        func open() async throws -> any SharedStateAdministering {
            var options = options
            let root = try options.compositionRoot(environment: ProcessInfo.processInfo.environment)
            let configured = root.settings.resolved.text("store.postgres.url")
            guard let given = url ?? configured else {
                throw ValidationError(
                    "stories admin needs the database owner's URL: pass --url postgres://OWNER@HOST[:PORT]/DATABASE (a role that may create roles)"
                )
            }
            options.assignments += ["store.kind=postgres", "store.postgres.url=" + given]
            let origin = url != nil ? "--url" : PostgresStorePlugin.urlOrigin(root)
            return try await PostgresURLOriginError.naming(origin) {
                try await AdminCommand.sharedStore(options, for: "stories admin").administration()
            }
        }
    }

    /// `admin init [--person NAME]`.
    struct Init: AsyncParsableCommand {
        /// The command's help.
        static let configuration = CommandConfiguration(
            abstract: "Bring the schema up to date and make the people's group.",
            discussion: "With --person, the rows of a single-person database become that person's.")
        @OptionGroup var owner: Owner
        @Option(help: "Give the rows the owner holds to this person.") var person: String?
        /// Migrates and says what it did.
        func run() async throws {
            try StandardStreams.printOutput(try await owner.open().initialize(person: person))
        }
    }

    /// `admin add-person NAME`.
    struct AddPerson: AsyncParsableCommand {
        /// The command's help.
        static let configuration = CommandConfiguration(
            commandName: "add-person", abstract: "Make a person (or, with --new-password, give one a new password).",
            discussion: """
                The last line is the URL their devices set as store.postgres.url, password included. \
                An existing person is refused (exit 65): a new password cuts off every device of \
                theirs until it is set there again, so it is given only with --new-password. \
                A role that owns the database or anything in it (or belongs to one that does) is refused, \
                and so is one that belongs to another role (pg_write_all_data, pg_signal_backend, …) \
                or that another role belongs to. The role may hold --connection-limit connections \
                at once (default 8), so no person takes the server's slots from the others.
                """)
        @OptionGroup var owner: Owner
        @Flag(help: "Give an existing person a new password (their devices must be set again).") var newPassword = false
        @Option(help: "Connections the person's role may hold at once, 1 to 1000. (default: 8)")
        var connectionLimit = 8
        @Argument(help: "The person's name: lowercase letters, digits and _.") var name: String
        /// Makes the role and prints the URL.
        func run() async throws {
            let url = try await owner.open().addPerson(
                name, rotatingPassword: newPassword, connectionLimit: connectionLimit)
            try StandardStreams.printOutput("\(name) can log in; their devices set store.postgres.url to:\n\(url)")
        }
    }

    /// `admin remove-person NAME`.
    struct RemovePerson: AsyncParsableCommand {
        /// The command's help.
        static let configuration = CommandConfiguration(
            commandName: "remove-person", abstract: "Take a person's login away (their rows are kept).")
        @OptionGroup var owner: Owner
        @Argument(help: "The person's name.") var name: String
        /// Revokes the login.
        func run() async throws {
            try await owner.open().revokePerson(name)
            try StandardStreams.printOutput("\(name) can no longer log in; their rows are kept")
        }
    }
}
