import Foundation

/// Tests' blocking work (waiting for a child process, reading a pipe to its end) on a thread
/// of its own: Swift Testing runs every test, synchronous ones too, on the cooperative pool,
/// and a test that blocks there holds a thread every other test needs.
public func onOwnThread<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try work() }) }.start()
    }
}
