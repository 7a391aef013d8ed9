import Foundation
import Testing

@testable import StoriesComposition

/// The environment read from `environ` (start-up, issue 31) is Foundation's.
@Suite("The process's environment")
struct ProcessEnvironmentTests {
    @Test func theVariablesAreFoundationsOwn() {
        #expect(ProcessEnvironment.variables == ProcessInfo.processInfo.environment)
        #expect(ProcessEnvironment.variables["PATH"] != nil)
    }
}
