import ConfigurationLayers
import Foundation
import Testing

@Suite("Setting values")
struct SettingParsingTests {
    @Test(arguments: [
        (Duration.seconds(5), "5s"), (.milliseconds(500), "500ms"), (.seconds(120), "2m"),
        (.milliseconds(1500), "1500ms"), (.seconds(7200), "2h"), (.seconds(86_400), "1d"), (.seconds(5400), "90m"),
    ])
    func durationsPrintAsTheyAreWritten(duration: Duration, text: String) {
        #expect(SettingValue.format(duration) == text)
    }

    /// `feed.maxAge`'s kind: `off` (the default) or a duration in hours or days too.
    @Test func aDurationOrOffTakesOffOrADuration() throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("ConfigurationLayers-\(UUID())").path
        let resolver = ConfigurationResolver(
            specs: [
                SettingSpec(
                    key: "feed.maxAge", kind: .durationOrOff(.seconds(1)...(.seconds(864_000))), defaultText: "off",
                    summary: "")
            ], paths: XDGPaths(environment: ["HOME": home], home: home))
        func resolve(_ text: String?) throws -> Duration? {
            try resolver.resolve(flags: text.map { ["feed.maxAge": $0] } ?? [:], environment: [:], configFile: nil)
                .optionalDuration("feed.maxAge")
        }
        #expect(try resolve(nil) == nil)
        #expect(try resolve("OFF") == nil)
        #expect(try resolve("24h") == .seconds(86_400))
        #expect(try resolve("2d") == .seconds(172_800))
        #expect(try resolve("90m") == .seconds(5400))
        for wrong in ["0s", "yesterday", "11d", "-1h"] {
            #expect(throws: ConfigurationError.self, "\(wrong)") { try resolve(wrong) }
        }
        #expect(SettingKind.durationOrOff(.seconds(1)...(.seconds(60))).allowed.hasPrefix("off, or a duration"))
    }

    @Test func environmentNamesAreUpperSnakeCase() {
        let spec = SettingSpec(key: "images.memory.maxBytes", kind: .byteSize(0...1), defaultText: nil, summary: "")
        #expect(spec.environmentVariable == "STORIES_IMAGES_MEMORY_MAX_BYTES")
        let url = SettingSpec(key: "picsum.baseURL", kind: .webURL, defaultText: nil, summary: "")
        #expect(url.environmentVariable == "STORIES_PICSUM_BASE_URL")
    }
}
