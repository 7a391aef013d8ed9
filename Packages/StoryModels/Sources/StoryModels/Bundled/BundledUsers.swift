import Foundation
import StoryInterfaces

/// The bundled sample users: names from many scripts (emoji, CJK, right-to-left) and one very
/// long name, so layouts are tested on what real trays hold.
enum BundledUsers {
    /// A user whose second item is a 90 s video (the bar caps it at 60 s).
    static let longVideoUser = UserID("leo-long-video")

    static let names: [(String, String)] = [
        ("ada", "Ada Lovelace"), ("grace", "Grace Hopper"), ("alan", "Alan Turing"),
        ("luna", "Luna 🌙"), ("kai", "Kai 🏄‍♂️"), ("mia", "Mia ✨🎨"),
        ("hanako", "山田 花子"), ("xiaoming", "王小明"), ("minji", "김민지"), ("yuki", "雪 Yuki"),
        ("noor", "نور الهدى"), ("yael", "יעל כהן"), ("omar", "عمر الفاروق"),
        ("long-name", "Maximiliana Alessandra Bartholomew-Featherstonehaugh of the Northern Isles"),
        ("zoe", "Zoë Ångström"), ("jose", "José Ñúñez"), ("priya", "Priya Raghunathan"),
        ("oluwaseun", "Oluwaseun Adeyemi"), ("ingrid", "Ingrid Bjørnstad"), ("mateo", "Mateo García"),
        ("sven", "Sven Svensson"), ("aiko", "Aiko Tanaka"), ("chen", "陈静"), ("dmitri", "Дмитрий Иванов"),
        ("eleni", "Ελένη Παπαδοπούλου"), ("fatima", "Fatima Zahra"), ("gustav", "Gustav Klimt"),
        ("hana", "Hana Novák"), ("ines", "Inês Carvalho"), ("jonas", "Jonas Weber"),
        ("kofi", "Kofi Mensah"), ("lucia", "Lucía Fernández"), ("malik", "Malik Johnson"),
        ("nadia", "Nadia Petrova"), ("oscar", "Óscar Ruiz"), ("paula", "Paula Jarvis"),
        ("quinn", "Quinn 🐙"), ("rosa", "Rosa Parks"), ("sami", "Sami Virtanen"), ("tariq", "طارق"),
        ("leo-long-video", "Leo Long Video 🎬"), ("uma", "Uma Thurman-Smith"), ("vera", "Vera Wang"),
    ]

    static var all: [StoryUser] {
        names.enumerated().map { index, pair in
            // Neighbours never share an avatar; Grace Hopper (the second) has her own portrait.
            let sample = BundledSamples.avatars[index % BundledSamples.avatars.count]
            return StoryUser(id: UserID(pair.0), name: pair.1, avatarURL: sample.url)
        }
    }
}
