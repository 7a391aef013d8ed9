public import Testing

/// Thrown by a test double when a test calls something it did not set up. The call is
/// also recorded as a test issue, so the test fails even if the error is swallowed.
public struct UnexpectedCall: Error, Hashable, Sendable, CustomStringConvertible {
    /// The member that was called.
    public let member: String

    /// Records the issue at the caller's location and returns the error to throw.
    public static func record(_ member: String, sourceLocation: SourceLocation) -> UnexpectedCall {
        Issue.record("Unexpected call to \(member)", sourceLocation: sourceLocation)
        return UnexpectedCall(member: member)
    }

    /// "Unexpected call to …".
    public var description: String { "Unexpected call to \(member)" }
}
