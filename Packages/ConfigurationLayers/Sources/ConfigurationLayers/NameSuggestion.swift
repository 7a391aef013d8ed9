/// "Did you mean …?": the known name closest to one a user typed, for a mistyped command or key.
public enum NameSuggestion {
    /// The name among `names` within a small edit distance of `word` (at most 2, and a third of
    /// the name), the closest first; nil when none is close.
    public static func closest(to word: String, among names: [String]) -> String? {
        names.map { ($0, editDistance(word.lowercased(), $0)) }
            .filter { $0.1 <= max(1, min(2, $0.0.count / 3)) }.min { $0.1 < $1.1 }?.0
    }

    /// The edits (insert, delete, replace, swap two neighbours) from `a` to `b`.
    public static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[a.count][b.count]
    }
}
