import Foundation
import PicsumContent
import StoryInterfaces

/// `content.source = auto` (the default): the live Picsum source when its first list page
/// answers within ``probeTimeout``, else the bundled samples, saying why.
public enum AutoContentPlugin: StoriesPlugin {
    /// `auto`.
    public static let name = "auto"
    /// One line about it.
    public static let summary = "picsum when it answers within 2 s, else bundled"

    /// How long `auto` waits for Picsum before using the bundled samples.
    public static let probeTimeout: Duration = .seconds(2)

    /// Picsum if it answers, else the bundled samples with the reason as the fallback.
    public static func make(_ settings: StoriesSettings) async throws -> ContentSource {
        do {
            _ = try await PicsumContentPlugin.probe(settings, within: probeTimeout)
            return try PicsumContentPlugin.make(settings)
        } catch {
            var bundled = try BundledContentPlugin.make(settings)
            bundled.fallback = unreachable(settings, error) + "; showing the bundled samples"
            return bundled
        }
    }

    /// Which of the two it would choose now, and why.
    public static func doctor(_ settings: StoriesSettings, repair: Bool) async throws -> String {
        do {
            let elapsed = try await PicsumContentPlugin.probe(settings, within: probeTimeout)
            return
                "\(name): \(settings.picsum.baseURL.absoluteString) answered in \(PicsumContentPlugin.milliseconds(elapsed)) ms; showing Picsum"
        } catch {
            return "\(name): " + unreachable(settings, error) + "; shows the bundled samples ("
                + (try await BundledContentPlugin.installation()) + ")"
        }
    }

    private static func unreachable(_ settings: StoriesSettings, _ error: any Error) -> String {
        "Picsum at \(settings.picsum.baseURL.absoluteString) cannot be reached (\(error))"
    }
}
