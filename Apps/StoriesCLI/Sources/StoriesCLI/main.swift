import StoriesComposition

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// The thin `stories` executable: everything else lives in StoriesComposition. The command line
// is parsed here on the main thread; `--version` or an unknown command ends here. The program
// then runs on the cooperative pool and exits where it ends.
let start = StoriesMain.start(Array(CommandLine.arguments.dropFirst()))
if let status = start.finishedStatus { exit(status) }
StoriesMain.runAndExit(start)
