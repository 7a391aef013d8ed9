import ArgumentParser
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
}
