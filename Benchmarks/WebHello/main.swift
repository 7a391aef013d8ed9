import Hummingbird

// The web server row's anchor (QUALITY.md): Hummingbird's own ceiling on this machine, a
// "hello" built the same way as `stories` and served the same way (HTTP/1, one route).
// usage: WebHello PORT
let port = CommandLine.arguments.dropFirst().first.flatMap { Int($0) } ?? 8081
let router = Router()
router.get("/") { _, _ in "hello" }
let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: port)))
try await app.runService()
