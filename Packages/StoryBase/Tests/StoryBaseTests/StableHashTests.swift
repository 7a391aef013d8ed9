import Foundation
import StoryBase
import StoryInterfaces
import Testing

@Suite("Stable hash")
struct StableHashTests {
    /// FNV-1a's published values, and `pick` hashing its pieces in turn gives what hashing them
    /// joined gave (the seed stories and the bundled catalog stay the same).
    @Test func theStableHashIsFNV1aAndPickHashesItsPiecesAsOne() {
        #expect(StableHash.fnv1a("") == 0xcbf2_9ce4_8422_2325)
        #expect(StableHash.fnv1a("a") == 0xaf63_dc4c_8601_ec8c)
        #expect(StableHash.fnv1a("foobar") == 0x8594_4171_f739_67e8)
        let texts = ["", "ada", "leo-long-video", "山田 花子", "Kai 🏄‍♂️", String(repeating: "x", count: 300)]
        for text in texts {
            for salt in ["", "items", "sample3", "é#"] {
                for range in [0...0, 1...8, 0...4, -3...1_000_000] {
                    let span = UInt64(range.upperBound - range.lowerBound + 1)
                    let joined = range.lowerBound + Int(StableHash.fnv1a(text + "#" + salt) % span)
                    #expect(StableHash.pick(text, salt: salt, in: range) == joined)
                }
            }
        }
        // A string Foundation made (not native Swift storage) reads the same bytes.
        let bridged = String(describing: NSString(string: "山田 花子"))
        #expect(StableHash.fnv1a(bridged) == StableHash.fnv1a("山田 花子"))
    }

    /// The author-id rule's own FNV-1a (in StoryInterfaces, which cannot use this package) is
    /// this one.
    @Test func aNameWithoutLatinLettersIsHashedAsStableHashDoes() {
        for name in ["山田 太郎", "李 小龍", "", "!!", "Кай"] {
            #expect(UserID.photoAuthor(name).rawValue == "author-" + String(StableHash.fnv1a(name), radix: 16))
        }
    }
}
