import StoryInterfaces
import StoryNavigation
import Testing

@Suite("Viewer configuration")
struct ViewerConfigurationTests {
    @Test func defaultsFollowTheProductSpec() throws {
        let configuration = try ViewerConfiguration()
        #expect(configuration.imageDuration == .seconds(5))
        #expect(configuration.advancesAutomatically)
        #expect(!configuration.accessible)
    }

    @Test func accessibleModeNeverAdvancesByItself() throws {
        #expect(try !ViewerConfiguration(accessible: true).advancesAutomatically)
        #expect(try !ViewerConfiguration(autoAdvance: false).advancesAutomatically)
    }

    @Test(arguments: [Duration.zero, .seconds(-1), .seconds(61)])
    func imageDurationsOutOfRangeAreRefused(duration: Duration) {
        #expect(throws: ViewerConfigurationError.imageDurationOutOfRange(duration)) {
            try ViewerConfiguration(imageDuration: duration)
        }
    }
}

@Suite("Continuous clock ticker")
struct ContinuousClockTickerTests {
    @Test func ticksCarryTheMeasuredTimeAndAddUp() async {
        let clock = ContinuousClock()
        let start = clock.now
        var total = Duration.zero
        var count = 0
        for await step in ContinuousClockTicker(clock: clock).ticks(every: .milliseconds(2)) {
            #expect(step >= .milliseconds(2))
            total += step
            count += 1
            if count == 3 { break }
        }
        let elapsed = start.duration(to: clock.now)
        #expect(total <= elapsed)
        #expect(total >= .milliseconds(6))
    }
}
