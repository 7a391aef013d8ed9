import StoryBase
import StoryInterfaces

/// `write(2)` until every byte is out, retried on EINTR: the one write loop, for the screen's
/// frames (``TerminalSession/write(_:)``) and the app's stdout, stderr and log file. Never
/// `FileHandle.write`, which traps on a full disk or a closed descriptor.
public enum RawWrite {
    /// Writes all of `bytes` to `fd`; the errno of a failure, nil when all were written.
    public static func all(_ bytes: [UInt8], to fd: Int32) -> Int32? {
        bytes.withUnsafeBytes { all($0, to: fd) }
    }

    /// Writes all of `raw` to `fd`; the errno of a failure, nil when all were written
    /// (StoryInterfaces' ``DescriptorWrite``, the loop every package shares).
    public static func all(_ raw: UnsafeRawBufferPointer, to fd: Int32) -> Int32? {
        DescriptorWrite.all(raw, to: fd)
    }
}
