import Foundation
public import StoryInterfaces

extension Identifier where Tag == StoryUser {
    /// The user id of a Lorem Picsum author, shared by every source that shows authors as
    /// users (the live Picsum source and Picsum list documents), so an author's seen state is
    /// the same in both: the name folded to lowercase ASCII letters and digits joined by `-`
    /// ("Alejandro Escamilla" → `alejandro-escamilla`); a name with no such letters becomes
    /// `author-` and a stable hash of it.
    public static func picsumAuthor(_ name: String) -> UserID {
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
            slug = "author-" + String(StableHash.fnv1a(name), radix: 16)
        }
        return UserID(slug)
    }
}
