import Foundation
import PicsumContent
import Testing

@Suite("Picsum endpoints")
struct PicsumEndpointsTests {
    let live = PicsumEndpoints(baseURL: URL(string: "https://picsum.photos")!)

    @Test func listCarriesPageAndLimit() {
        #expect(live.list(page: 2, limit: 100).absoluteString == "https://picsum.photos/v2/list?page=2&limit=100")
    }

    @Test func infoAndImagesByIdAndSeed() {
        #expect(live.info(id: "0").absoluteString == "https://picsum.photos/id/0/info")
        #expect(live.image(id: "10", width: 200, height: 300).absoluteString == "https://picsum.photos/id/10/200/300")
        #expect(
            live.image(seed: "user 1", width: 1080, height: 1920).absoluteString
                == "https://picsum.photos/seed/user%201/1080/1920")
    }

    @Test func optionsAndClamping() {
        let url = live.image(
            id: "1", width: 9000, height: 0,
            options: .init(grayscale: true, blur: 20, format: "webp"))
        #expect(url.absoluteString == "https://picsum.photos/id/1/5000/1.webp?grayscale&blur=10")
    }

    @Test func aBaseURLWithAPathAndPortIsKept() {
        let stub = PicsumEndpoints(baseURL: URL(string: "http://127.0.0.1:8081/picsum/")!)
        #expect(stub.list(page: 1, limit: 30).absoluteString == "http://127.0.0.1:8081/picsum/v2/list?page=1&limit=30")
    }

    @Test func idsCannotEscapeTheirPathSegment() {
        #expect(live.info(id: "../v2/list").absoluteString == "https://picsum.photos/id/..%2Fv2%2Flist/info")
    }
}
