import StoryBase
import Testing

@Suite("Redaction")
struct RedactionTests {
    @Test func passwordsAreHiddenWhereverAURLIs() {
        #expect(
            Redaction.hidingPasswords("postgres://ada:s3cret@db.example/stories?sslmode=require")
                == "postgres://ada:(hidden)@db.example/stories?sslmode=require")
        // A raw @ in the password: everything up to the last @ before the host is hidden.
        #expect(
            Redaction.hidingPasswords("postgres://ada:p@ss@word@db.example:5433/stories")
                == "postgres://ada:(hidden)@db.example:5433/stories")
        #expect(
            Redaction.hidingPasswords("postgres://ada:pa/ss@db.example/stories")
                == "postgres://ada:(hidden)@db.example/stories")
        #expect(Redaction.hidingPasswords("https://ada@host/x") == "https://ada@host/x", "a user alone stays")
        // A password holding # or ? (they once ended the authority early and showed the rest).
        for password in ["Pa55:w@rd#1", "x#y@SECRETtail", "a?b@c", "p#@x?y/z"] {
            let shown = Redaction.hidingPasswords("postgres://ada:\(password)@db.example:5432/stories?sslmode=require")
            #expect(shown == "postgres://ada:(hidden)@db.example:5432/stories?sslmode=require", "\(shown)")
            let logged = Redaction.redacted("connect postgres://ada:\(password)@[::1]/db failed")
            #expect(logged == "connect postgres://ada:(hidden)@[::1]/db failed", "\(logged)")
        }
        // An @ in a path or query is no authority's: nothing of the host is hidden.
        #expect(Redaction.hidingPasswords("https://host/users/@ada") == "https://host/users/@ada")
        #expect(Redaction.hidingPasswords("no url here") == "no url here")
    }

    @Test func messagesLoseQueriesToo() {
        let line = #"failed to load "https://bob:hunter2@cdn.test/a.jpg?token=abc&x=1#top": 503"#
        let redacted = Redaction.redacted(line)
        #expect(redacted == #"failed to load "https://bob:(hidden)@cdn.test/a.jpg?(hidden)#top": 503"#)
        #expect(!redacted.contains("hunter2") && !redacted.contains("abc"))
        #expect(
            Redaction.redacted("a http://h/p?t=1 and ftp://u:p@h/ end")
                == "a http://h/p?(hidden) and ftp://u:(hidden)@h/ end")
        #expect(Redaction.redacted("http://h:8080/id/1/10/10") == "http://h:8080/id/1/10/10")
    }
}
