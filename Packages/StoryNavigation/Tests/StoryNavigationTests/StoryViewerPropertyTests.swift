import StoryInterfaces
import StoryInterfacesTestSupport
import StoryNavigation
import Testing

@Suite("Viewer properties over random command sequences")
struct StoryViewerPropertyTests {
    static func randomCommand(_ viewer: StoryViewer, _ random: inout SeededRandom) -> ViewerCommand {
        let item = viewer.current?.item.id ?? "none"
        switch Int.random(in: 0..<14, using: &random) {
        case 0, 1: return .next
        case 2, 3: return .previous
        case 4: return .nextUser
        case 5: return .previousUser
        case 6: return .pause
        case 7: return .resume
        case 8: return .toggleLike
        case 9, 10: return .mediaReady(item)
        case 11: return .mediaFailed(item, reason: "x")
        case 12: return .retry
        default: return .tick(.milliseconds(Int64.random(in: 0...12_000, using: &random)))
        }
    }

    static func randomViewer(_ random: inout SeededRandom) -> StoryViewer {
        let counts = (0..<Int.random(in: 1...6, using: &random)).map { _ in Int.random(in: 1...6, using: &random) }
        let seen = Set(
            makeStories(counts).flatMap(\.items).map(\.id).filter { _ in Int.random(in: 0..<4, using: &random) == 0 })
        return StoryViewer.open(
            makeStories(counts), at: Int.random(in: 0..<counts.count, using: &random), configuration: fiveSeconds,
            seen: seen
        ).0
    }

    @Test(arguments: 1...200)
    func invariantsHoldAfterEveryCommand(seed: Int) {
        var random = SeededRandom(seed: UInt64(seed))
        var viewer = Self.randomViewer(&random)
        for _ in 0..<300 {
            let seenBefore = viewer.seen
            _ = viewer.apply(Self.randomCommand(viewer, &random))
            #expect(viewer.seen.isSuperset(of: seenBefore), "seen only grows")
            guard let position = viewer.position, let (story, _) = viewer.current else { break }
            #expect(viewer.stories.indices.contains(position.userIndex))
            #expect(story.items.indices.contains(position.itemIndex))
            let segments = viewer.segments
            #expect(segments.count == story.items.count)
            #expect(segments[..<position.itemIndex].allSatisfy { $0 == 1 }, "past segments are full")
            #expect(segments[(position.itemIndex + 1)...].allSatisfy { $0 == 0 }, "future segments are empty")
            #expect(viewer.elapsed >= .zero && viewer.elapsed <= viewer.duration)
            #expect((0...1).contains(viewer.progress))
        }
    }

    @Test(arguments: 1...200)
    func nextThenPreviousReturnsToTheSameItemExceptAtTheEnds(seed: Int) {
        var random = SeededRandom(seed: UInt64(seed))
        var viewer = Self.randomViewer(&random)
        for _ in 0..<Int.random(in: 0...20, using: &random) { _ = viewer.apply(Self.randomCommand(viewer, &random)) }
        guard let start = viewer.position else { return }
        let story = viewer.stories[start.userIndex]
        let isLastItem = start.itemIndex == story.items.count - 1
        // At a user's last item `next` goes to the next user's first *unseen* item, from which
        // `previous` need not come back; after the last user `next` closes.
        guard !isLastItem else { return }
        _ = viewer.apply(.next)
        _ = viewer.apply(.previous)
        #expect(viewer.position == start)
    }

    @Test(arguments: 1...100)
    func timeAccountingIsExactAcrossPauseAndResume(seed: Int) throws {
        var random = SeededRandom(seed: UInt64(seed))
        let (opened, _) = open([1], videos: ["u0-0": 60])
        var viewer = opened
        var expected = Duration.zero
        var ready = false
        for _ in 0..<200 {
            switch Int.random(in: 0..<5, using: &random) {
            case 0: _ = viewer.apply(.pause)
            case 1: _ = viewer.apply(.resume)
            case 2:
                _ = viewer.apply(.mediaReady("u0-0"))
                ready = true
            default:
                let time = Duration.milliseconds(Int64.random(in: 0...200, using: &random))
                let counts = ready && !viewer.isPaused && expected + time < .seconds(60)
                guard counts else { continue }
                _ = viewer.apply(.tick(time))
                expected += time
            }
            #expect(viewer.elapsed == expected)
        }
    }

    @Test(arguments: 1...50)
    func ticksSplitAnyWayGiveTheSameEvents(seed: Int) {
        // With media that loads at once, one tick of T (its excess carried from item to item)
        // and many small ticks adding up to T move the viewer the same way.
        var random = SeededRandom(seed: UInt64(seed))
        let total = Int64.random(in: 0...40_000, using: &random)
        var whole = open([3, 4]).0
        var split = whole
        _ = whole.ready()
        _ = split.ready()
        var wholeEvents = whole.apply(.tick(.milliseconds(total)))
        var splitEvents: [ViewerEvent] = []
        var left = total
        while left > 0 {
            let step = min(left, Int64.random(in: 1...3_000, using: &random))
            splitEvents += split.apply(.tick(.milliseconds(step)))
            while split.media == .loading { splitEvents += split.ready() }
            left -= step
        }
        // Settle both: media ready as soon as shown (the carry applies then).
        while whole.media == .loading { wholeEvents += whole.ready() }
        while split.media == .loading { splitEvents += split.ready() }
        #expect(whole.position == split.position)
        #expect(whole.elapsed == split.elapsed || whole.position == nil)
        #expect(
            visible(wholeEvents).filter { if case .itemShown = $0 { true } else { false } }.count
                == visible(splitEvents).filter { if case .itemShown = $0 { true } else { false } }.count)
    }
}
