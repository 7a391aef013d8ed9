import Foundation

extension Identifier where Tag == StoryUser {
    /// The user id of a photo's author, for every source that shows a catalog's authors as
    /// users (the live Picsum source, Picsum list documents), so an author's seen state is the
    /// same in all of them: the name folded to lowercase ASCII letters and digits joined by `-`
    /// ("Alejandro Escamilla" → `alejandro-escamilla`); a name with no such letters becomes
    /// `author-` and the hex of its FNV-1a hash (StoryBase's `StableHash.fnv1a`; a test holds
    /// them equal), the same on every machine.
    public static func photoAuthor(_ name: String) -> UserID {
        let folded = name.folding(options: [.diacriticInsensitive, .caseInsensitive], locale: nil)
        var slug = ""
        var pendingDash = false
        for scalar in folded.unicodeScalars {
            if scalar.isASCII, CharacterSet.alphanumerics.contains(scalar) {
                if pendingDash, !slug.isEmpty { slug.append("-") }
                slug.unicodeScalars.append(scalar)
                pendingDash = false
            } else {
                pendingDash = true
            }
        }
        if slug.isEmpty {
            let hash = name.utf8.reduce(0xcbf2_9ce4_8422_2325 as UInt64) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
            slug = "author-" + String(hash, radix: 16)
        }
        return UserID(slug)
    }
}
