import StoryInterfaces
import StoryInterfacesTestSupport

struct Item: Hashable, Sendable, Identifiable {
    var id: String
    var group: String = ""
}

struct ScriptedFailure: Error, CustomStringConvertible {
    var page: Int
    var description: String { "page \(page) failed" }
}

/// A fake list source: pages sliced from `items`, next links in Picsum's style or exact,
/// scripted failures, and gates that hold a page's response until the test releases it.
actor ScriptedSource: PageFetching {
    enum NextLinks {
        /// Page 1 always has a next link; later pages have one when they are full.
        case picsum
        /// A next link exactly when more items follow.
        case exact
    }

    var items: [Item]
    let links: NextLinks
    private(set) var requests: [Int] = []
    private var failures: [Int: Int] = [:]
    private var gates: [Int: [CheckedContinuation<Void, Never>]] = [:]
    private var gated: Set<Int> = []

    init(_ items: [Item], links: NextLinks = .picsum) {
        self.items = items
        self.links = links
    }

    static func numbered(_ count: Int, links: NextLinks = .picsum) -> ScriptedSource {
        ScriptedSource((0..<count).map { Item(id: "i\($0)") }, links: links)
    }

    func failNext(_ times: Int, page: Int) { failures[page] = times }
    func replaceItems(_ newItems: [Item]) { items = newItems }
    func hold(page: Int) { gated.insert(page) }
    func release(page: Int) {
        gated.remove(page)
        for waiter in gates.removeValue(forKey: page) ?? [] { waiter.resume() }
    }
    func requestCount(page: Int) -> Int { requests.filter { $0 == page }.count }
    func waiting(page: Int) -> Int { gates[page]?.count ?? 0 }

    func fetch(_ request: PageRequest) async throws -> Page<Item> {
        requests.append(request.page)
        if gated.contains(request.page) {
            await withCheckedContinuation { gates[request.page, default: []].append($0) }
        }
        if let remaining = failures[request.page], remaining > 0 {
            failures[request.page] = remaining - 1
            throw ScriptedFailure(page: request.page)
        }
        let start = min(items.count, request.offset)
        let end = min(items.count, start + request.limit)
        let slice = Array(items[start..<end])
        let hasNext: Bool
        switch links {
        case .picsum: hasNext = request.page == 1 || slice.count == request.limit
        case .exact: hasNext = end < items.count
        }
        return Page(request: request, elements: slice, nextPage: hasNext ? request.page + 1 : nil)
    }
}
