import ConfigurationLayers
import Foundation

/// Packages/ConfigurationLayers/README.md's example, compiled (ReadmeExampleTests holds the README to it).
enum ConfigurationLayersExample {
    static func run() async throws {
        // README
        let specs = [
            SettingSpec(key: "feed.pageSize", kind: .integer(1...100), defaultText: "7", summary: "users a page")
        ]
        let resolver = ConfigurationResolver(
            specs: specs, paths: XDGPaths(environment: ProcessInfo.processInfo.environment, home: NSHomeDirectory()))
        let resolved = try resolver.resolve(
            flags: ["feed.pageSize": "10"], environment: ProcessInfo.processInfo.environment, configFile: nil)
        print(resolved["feed.pageSize"].value, resolved["feed.pageSize"].source)  // 10, flag
        // /README
    }
}
