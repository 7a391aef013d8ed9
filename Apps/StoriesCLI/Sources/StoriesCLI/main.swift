import StoriesComposition

// The thin `stories` executable: everything else lives in StoriesComposition. It exits where
// the program ends rather than back on the main actor (a hop that started a thread to end).
await StoriesMain.runAndExit(Array(CommandLine.arguments.dropFirst()))
