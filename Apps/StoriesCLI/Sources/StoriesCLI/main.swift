import StoriesComposition

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// The thin `stories` executable: everything else lives in StoriesComposition.
exit(await StoriesMain.run(Array(CommandLine.arguments.dropFirst())))
