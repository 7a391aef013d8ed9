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

    /// Numbers, sizes and durations are read with the spaces at their ends trimmed as
    /// Foundation's `trimmingCharacters(in: .whitespaces)` trims them (Zs and tabs, not line
    /// ends), which the parser no longer calls (its set-up cost every command's start-up).
    @Test(arguments: [
        "12", " 12", "12 ", "\t12\t", "\u{00A0}12\u{3000}", "\u{2009}\u{202F}12\u{205F}\u{1680}", "12\n", "\n12",
        "\r12", "1 2", "", " ", "\u{00A0}", "12\u{200B}", "\u{301}12", "12 \u{301}", "\u{FEFF}12", "\u{85}12",
        "\u{200B}12\u{200B}", "\u{2028}12",
    ])
    func spacesAreTrimmedAsFoundationTrimsThem(text: String) throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("ConfigurationLayers-\(UUID())").path
        let resolver = ConfigurationResolver(
            specs: [
                SettingSpec(key: "feed.pageSize", kind: .integer(1...100), defaultText: "30", summary: ""),
                SettingSpec(key: "cache.maxBytes", kind: .byteSize(0...(1 << 40)), defaultText: "1", summary: ""),
                SettingSpec(
                    key: "viewer.imageDuration", kind: .duration(.seconds(1)...(.seconds(60))), defaultText: "5s",
                    summary: ""),
            ], paths: XDGPaths(environment: ["HOME": home], home: home))
        let foundation = text.trimmingCharacters(in: .whitespaces)
        let integer = try? resolver.resolve(flags: ["feed.pageSize": text], environment: [:], configFile: nil)
        #expect(integer?.integer("feed.pageSize") == Int(foundation).flatMap { (1...100).contains($0) ? $0 : nil })
        let size = try? resolver.resolve(flags: ["cache.maxBytes": text + "KiB"], environment: [:], configFile: nil)
        #expect(size?.integer("cache.maxBytes") == Int(foundation).map { $0 * 1024 } || Int(foundation) == nil)
        // A duration is trimmed whole, then its unit taken off: "12 s" is not a duration.
        let duration = try? resolver.resolve(
            flags: ["viewer.imageDuration": text + "s"], environment: [:], configFile: nil)
        let number = (text + "s").trimmingCharacters(in: .whitespaces).dropLast()
        #expect(
            duration?.duration("viewer.imageDuration")
                == (number.allSatisfy(\.isNumber) ? Int(number).map { .seconds($0) } : nil))
    }

    /// `HOME` is read first; the fallback (Foundation's home directory lookup) only without it.
    @Test func theFallbackHomeIsAskedForOnlyWithoutHOME() {
        var asked = 0
        func fallback() -> String {
            asked += 1
            return "/fallback"
        }
        #expect(XDGPaths(environment: ["HOME": "/h"], home: fallback()).configHome == "/h/.config")
        #expect(asked == 0)
        #expect(XDGPaths(environment: ["HOME": ""], home: fallback()).dataHome == "/fallback/.local/share")
        #expect(XDGPaths(environment: [:], home: fallback()).cacheHome == "/fallback/.cache")
        #expect(asked == 2)
    }
}
