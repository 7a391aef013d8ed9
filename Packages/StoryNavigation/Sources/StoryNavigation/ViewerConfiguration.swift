/// How the viewer behaves; filled by the composition root.
///
/// ## Configuration keys
/// - `viewer.imageDuration` (default 5 s): how long an image stays on screen.
/// - `viewer.autoAdvance` (default true): move on when an item's time is up.
/// - `viewer.accessible` (default false, `--accessible`): no auto-advance, no animation,
///   every change described in a plain sentence.
public struct ViewerConfiguration: Hashable, Sendable {
    /// The longest image duration accepted.
    public static let maximumImageDuration: Duration = .seconds(60)

    /// How long an image stays on screen.
    public var imageDuration: Duration
    /// Whether the viewer moves on by itself.
    public var autoAdvance: Bool
    /// Accessible mode.
    public var accessible: Bool

    /// Creates a configuration, or fails when `imageDuration` is not in `(0, 60 s]`.
    public init(
        imageDuration: Duration = .seconds(5), autoAdvance: Bool = true, accessible: Bool = false
    ) throws(ViewerConfigurationError) {
        guard imageDuration > .zero, imageDuration <= Self.maximumImageDuration else {
            throw .imageDurationOutOfRange(imageDuration)
        }
        self.imageDuration = imageDuration
        self.autoAdvance = autoAdvance
        self.accessible = accessible
    }

    /// Whether the clock moves the viewer on: never in accessible mode.
    public var advancesAutomatically: Bool { autoAdvance && !accessible }
}

/// Why a ``ViewerConfiguration`` could not be made.
public enum ViewerConfigurationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The image duration was zero, negative or above a minute.
    case imageDurationOutOfRange(Duration)

    /// A one-line explanation with the allowed range.
    public var description: String {
        switch self {
        case .imageDurationOutOfRange(let duration):
            "image duration \(duration) is out of range: use more than 0s and at most 60s"
        }
    }
}
