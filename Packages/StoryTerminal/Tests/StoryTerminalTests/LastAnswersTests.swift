import Testing

@testable import StoryTerminal

/// What is drained from the input as the program ends: up to the terminal's DA1 answer.
@Suite("The terminal's last answers")
struct LastAnswersTests {
    @Test func theAttributesAnswerEndsTheDrain() {
        let answers = "\u{1B}_Gi=1,p=179;ENOENT:No such image\u{1B}\\\u{1B}[113;1:3u"
        #expect(!TerminalAnswers.containsAttributesAnswer(Array(answers.utf8)), "not yet")
        #expect(TerminalAnswers.containsAttributesAnswer(Array((answers + "\u{1B}[?62;22;52c").utf8)))
        #expect(TerminalAnswers.containsAttributesAnswer(Array("\u{1B}[?1;2c".utf8)))
        #expect(!TerminalAnswers.containsAttributesAnswer(Array("\u{1B}[?1;2".utf8)), "cut short")
    }
}
