/// FNV-1a over UTF-8: the same number for the same text on every run and machine (Swift's
/// `Hasher` is seeded per process, so it cannot make stories, slugs or stub images that are
/// the same every run). The one copy: seed stories, the bundled catalog, author slugs and
/// picsum-stub all use it.
public enum StableHash {
    /// The 64-bit FNV-1a hash of `text`'s UTF-8 bytes.
    public static func fnv1a(_ text: String) -> UInt64 {
        mix(0xcbf2_9ce4_8422_2325, text)
    }

    /// A number in `range` picked by `text` and a `salt`: by the hash of `text + "#" + salt`,
    /// taken piece by piece (FNV-1a goes byte by byte, so the number is the same) rather than
    /// by joining them, which was half of its cost (the bundled catalog picks 870 times on
    /// every start).
    public static func pick(_ text: String, salt: String = "", in range: ClosedRange<Int>) -> Int {
        let span = UInt64(range.upperBound - range.lowerBound + 1)
        let hash = mix(mix(mix(0xcbf2_9ce4_8422_2325, text), "#"), salt)
        return range.lowerBound + Int(hash % span)
    }

    /// `hash` continued over `text`'s UTF-8 bytes, read in place where the string stores them.
    private static func mix(_ hash: UInt64, _ text: String) -> UInt64 {
        var text = text
        return text.withUTF8 { bytes in
            var hash = hash
            for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
            return hash
        }
    }
}
