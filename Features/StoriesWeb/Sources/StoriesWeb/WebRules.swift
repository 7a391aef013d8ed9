import Foundation
import StoryNavigation

/// What the page's script is told instead of knowing: the viewer's rules (the terminal's own,
/// from ``ViewerRules`` and ``ViewerConfiguration``) and every URL shape (``WebRoute``), as
/// the `stories-rules` block of each page.
struct WebRules: Encodable {
    struct Viewer: Encodable {
        var holdMs = Int(ViewerRules.holdThreshold.milliseconds)
        var backZone = ViewerRules.backZone
        var tapSlop = ViewerRules.tapSlop
        var swipeDistance = ViewerRules.swipeDistance
        var closeDistance = ViewerRules.closeDistance
        var loadDeadlineMs = Int(ViewerRules.loadDeadline.milliseconds)
        var spinnerDelayMs = Int(ViewerRules.spinnerDelay.milliseconds)
        var maximumDurationMs = Int(ViewerConfiguration.maximumImageDuration.milliseconds)
        /// How far a photo's shape may be from the screen's and still fill it (0.2: within
        /// 20 %); others sit on a blurred copy of themselves.
        var fillTolerance = 0.2
        /// The browser's key name → the action (``ViewerRules/keys``).
        var keys: [String: String] = Dictionary(
            ViewerRules.keys.flatMap { binding in binding.keys.map { ($0.browserName, binding.action.rawValue) } },
            uniquingKeysWith: { first, _ in first })
    }

    var viewer = Viewer()
    var routes = WebRoute.templates

    /// The block's JSON, made once.
    static let block: String = HTML.scriptJSON((try? WebAPI.encode(WebRules())) ?? Data("{}".utf8))
}
