/// FNV-1a over UTF-8: the same number for the same text on every run and machine (Swift's
/// `Hasher` is seeded per process, so it cannot make stories, slugs or stub images that are
/// the same every run). The one copy: seed stories, the bundled catalog, author slugs and
/// picsum-stub all use it.
public enum StableHash {
    /// The 64-bit FNV-1a hash of `text`'s UTF-8 bytes.
    public static func fnv1a(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return hash
    }

    /// A number in `range` picked by `text` and a `salt`.
    public static func pick(_ text: String, salt: String = "", in range: ClosedRange<Int>) -> Int {
        let span = UInt64(range.upperBound - range.lowerBound + 1)
        return range.lowerBound + Int(fnv1a(text + "#" + salt) % span)
    }
}
