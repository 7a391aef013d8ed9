import ConfigurationLayers
import Testing

@Suite("Setting values")
struct SettingParsingTests {
    @Test(arguments: [
        (Duration.seconds(5), "5s"), (.milliseconds(500), "500ms"), (.seconds(120), "2m"),
        (.milliseconds(1500), "1500ms"),
    ])
    func durationsPrintAsTheyAreWritten(duration: Duration, text: String) {
        #expect(SettingValue.format(duration) == text)
    }

    @Test func environmentNamesAreUpperSnakeCase() {
        let spec = SettingSpec(key: "images.memory.maxBytes", kind: .byteSize(0...1), defaultText: nil, summary: "")
        #expect(spec.environmentVariable == "STORIES_IMAGES_MEMORY_MAX_BYTES")
        let url = SettingSpec(key: "picsum.baseURL", kind: .webURL, defaultText: nil, summary: "")
        #expect(url.environmentVariable == "STORIES_PICSUM_BASE_URL")
    }
}
