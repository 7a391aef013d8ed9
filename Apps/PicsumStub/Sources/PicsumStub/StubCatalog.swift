import Foundation

/// The stub's photo list: 240 photos with gaps in their ids (as Picsum's have), by authors
/// whose runs of photos straddle page boundaries, every one the same on every run.
struct StubCatalog: Sendable {
    struct Entry: Sendable {
        var id: String
        var author: String
        var width: Int
        var height: Int
    }

    static let authors = [
        "Alejandro Escamilla", "Paul Jarvis", "Aleks Dorohovich", "Vadim Sherbakov", "Yoni Kaplan-Nadel",
        "Ryan Mcguire", "Nithya Ramanujam", "Ales Krivec", "Frank Mckenna", "Lukas Budimaier", "Danielle MacInnes",
        "Luke Chesser", "Cierra Ramírez", "Greg Rakozy", "Ilham Rahmansyah", "山本 写真", "Jeremy Thomas",
        "Annie Spratt", "Matthew Wiebe", "Dark Rider \u{1B}[31mevil", "Ondrej Supitar", "Zoë Ångström",
    ]
    static let sizes = [
        (5000, 3333), (2500, 1667), (1080, 1920), (4000, 3000), (3000, 4500), (1920, 1080), (2048, 2048),
    ]

    let entries: [Entry]

    init(count: Int = 240) {
        var entries: [Entry] = []
        var id = 0
        var authorIndex = 0
        var run = 0
        while entries.count < count {
            if id % 11 == 7 { id += 1 }  // gaps in the ids
            let runLength = 1 + (authorIndex * 7 + 3) % 6
            let (width, height) = Self.sizes[(id * 5) % Self.sizes.count]
            entries.append(
                Entry(
                    id: String(id), author: Self.authors[authorIndex % Self.authors.count], width: width, height: height
                ))
            id += 1
            run += 1
            if run == runLength {
                run = 0
                authorIndex += 1
            }
        }
        self.entries = entries
    }

    func entry(id: String) -> Entry? { entries.first { $0.id == id } }

    /// The photo as Picsum's JSON spells it, with URLs on `base`.
    func json(_ entry: Entry, base: String) -> [String: Any] {
        [
            "id": entry.id, "author": entry.author, "width": entry.width, "height": entry.height,
            "url": "https://unsplash.com/photos/stub-\(entry.id)",
            "download_url": "\(base)/id/\(entry.id)/\(entry.width)/\(entry.height)",
        ]
    }
}
