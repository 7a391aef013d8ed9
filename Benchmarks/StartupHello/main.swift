import Foundation

// The start-up baseline of QUALITY.md: a Foundation "hello", built the same way as `stories`.
FileHandle.standardOutput.write(Data("hello\n".utf8))
