import StoriesComposition

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// The thin `stories` executable: everything else lives in StoriesComposition. The command line
// is parsed here on the main thread, while the pool's first thread starts (issue 31); the
// program then runs on the pool and exits where it ends rather than back on the main actor.
// `--version` or an unknown command ends here, without a hop.
let start = StoriesMain.start(Array(CommandLine.arguments.dropFirst()))
if let status = start.finishedStatus { exit(status) }
await StoriesMain.finishAndExit(start)
