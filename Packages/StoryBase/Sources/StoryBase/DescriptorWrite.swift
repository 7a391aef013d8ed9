#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `write(2)` until every byte is out, retried on EINTR: the one write loop every package
/// shares (the terminal's output, the video clips written aside). Never `FileHandle.write`,
/// which traps on a full disk or a closed descriptor.
public enum DescriptorWrite {
    /// Writes all of `raw` to `fd`; the errno of a failure, nil when all were written.
    public static func all(_ raw: UnsafeRawBufferPointer, to fd: Int32) -> Int32? {
        var offset = 0
        while offset < raw.count {
            let written = write(fd, raw.baseAddress! + offset, raw.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                return errno
            }
            offset += written
        }
        return nil
    }
}
