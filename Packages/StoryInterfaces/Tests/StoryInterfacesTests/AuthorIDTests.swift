import StoryInterfaces
import Testing

@Suite("Author ids")
struct AuthorIDTests {
    @Test(arguments: [
        ("Alejandro Escamilla", "alejandro-escamilla"),
        ("Paul Jarvis", "paul-jarvis"),
        ("  Žan  Ó'Brien!! ", "zan-o-brien"),
        ("Vadim Sherbakov", "vadim-sherbakov"),
    ])
    func namesFoldToSlugs(name: String, id: String) {
        #expect(UserID.photoAuthor(name) == UserID(id))
    }

    @Test func namesWithoutLatinLettersGetAStableHash() {
        let id = UserID.photoAuthor("山田 太郎")
        #expect(id.rawValue == "author-7b7e61399c8194d0", "FNV-1a of the UTF-8 name, in hex")
        #expect(id == UserID.photoAuthor("山田 太郎"))
        #expect(id != UserID.photoAuthor("李 小龍"))
    }
}
