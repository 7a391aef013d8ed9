import ArgumentParser
import ConfigurationLayers
import StoriesComposition
import Testing

@Suite("Global options: each flag declared once")
struct GlobalOptionsTests {
    static let schema = ConfigurationSchema(paths: XDGPaths(environment: [:], home: "/h"), registry: .standard)

    @Test(arguments: schema.specs.filter { $0.flag != nil })
    func everyKeyFlagSetsItsKey(spec: SettingSpec) throws {
        let flag = try #require(spec.flag)
        let value: String
        let arguments: [String]
        if case .boolean = spec.kind {
            (value, arguments) = ("true", ["--\(flag)"])
        } else {
            (value, arguments) = ("v-\(flag)", ["--\(flag)", "v-\(flag)"])
        }
        let options = try GlobalOptions.parse(arguments)
        #expect(options.configurationFlags == [spec.key: value])
        #expect(GlobalOptions.helpMessage().contains(spec.key))
    }

    @Test func everyFlagHasAKeyAndNoFlagIsGivenByDefault() throws {
        #expect(!GlobalOptions.helpMessage().contains("no configuration key"))
        #expect(try GlobalOptions.parse([]).configurationFlags.isEmpty)
        #expect(try GlobalOptions.parse(["--no-accessible"]).configurationFlags == ["viewer.accessible": "false"])
    }

    /// `--set KEY=VALUE` reaches any key, a plugin's own too; a flag of the key's own wins.
    @Test func setAssignsAnyKeyAndRefusesWhatIsNotOne() throws {
        let options = try GlobalOptions.parse([
            "--set", "store.postgres.url=postgres://me@db/state", "--set", "feed.pageSize=9", "--set",
            "store.kind=sqlite",
            "--store", "postgres",
        ])
        #expect(
            options.configurationFlags == [
                "store.postgres.url": "postgres://me@db/state", "feed.pageSize": "9", "store.kind": "postgres",
            ])
        #expect(options.keysSetByAssignment == ["store.postgres.url", "feed.pageSize"], "--store's own flag won")
        #expect(throws: (any Error).self) { try GlobalOptions.parse(["--set", "feed.pageSize"]) }
        #expect(throws: (any Error).self) { try GlobalOptions.parse(["--set", "no.such.key=1"]) }
    }
}
