import Foundation
import StoriesComposition

// The thin `stories` executable: everything else lives in StoriesComposition.
let status = await StoriesMain.run(Array(CommandLine.arguments.dropFirst()))
exit(status)
