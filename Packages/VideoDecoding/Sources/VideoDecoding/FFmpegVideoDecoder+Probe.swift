import Foundation
import StoryInterfaces
import Synchronization

/// A tool run to its end within a limit (ffprobe, for ``FFmpegVideoDecoder/probe(_:limit:)``).
extension FFmpegVideoDecoder {
    /// Runs a tool to its end, its error output read as it runs, stopped after `limit`: status,
    /// output (at most 1 MiB: a probe's answer is a few hundred bytes) and the first line of
    /// its errors.
    static func run(
        _ path: String, _ arguments: [String], input: Int32? = nil, limit: Duration = .seconds(10)
    ) async throws -> (
        status: Int32, stdout: Data, stderr: String
    ) {
        let output = Mutex(Data())
        let stopper = Stopper()
        let result = Mutex<Result<ChildProcess.Ending, any Error>?>(nil)
        let task = Task.detached(executorPreference: DecoderThreads.shared) {
            guard await slots.enter() else { return result.withLock { $0 = .failure(CancellationError()) } }
            defer { slots.leave() }
            do {
                let ending = try await ChildProcess.run(path, arguments, input: input) { bytes in
                    let full = output.withLock { output in
                        output.append(contentsOf: bytes.prefix(max(0, (1 << 20) - output.count)))
                        return output.count >= 1 << 20
                    }
                    if full { throw CancellationError() }
                }
                result.withLock { $0 = .success(ending) }
            } catch {
                result.withLock { $0 = .failure(error) }
            }
        }
        stopper.watch(task)
        stopper.expect(within: limit)
        await task.value
        let stalled = stopper.stalled
        stopper.exited()
        if let stalled { throw VideoDecodeError.stalled(stalled, framesBefore: 0) }
        switch result.withLock({ $0 }) {
        case .success(let ending)?:
            return (ending.exitCode ?? -1, output.withLock { $0 }, ending.errors.firstLine())
        case .failure(let error as CancellationError)?:
            throw error
        case .failure(let error)?:
            throw VideoDecodeError.notStarted(path, error)
        case nil:
            throw VideoDecodeError.notStarted(path, CancellationError())
        }
    }
}
