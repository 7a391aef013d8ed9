/// A name in the room a screen gives it — the terminal's tray and the phone's alike.
public enum PathName {
    /// `name` within `width` as `measure` counts it: a name that is a path (`trip/porto/day1`)
    /// keeps its last parts after `…/` (`…/porto/day1`: the part that tells `day1` from `day2`;
    /// cut from the end, both read "trip/porto/…"); any other name, and a last part too long
    /// alone, is cut at its end by `truncate`.
    public static func shortened(
        _ name: String, width: Int, measure: (String) -> Int, truncate: (String, Int) -> String
    ) -> String {
        guard measure(name) > width else { return name }
        let parts = name.split(separator: "/", omittingEmptySubsequences: true)
        guard parts.count > 1 else { return truncate(name, width) }
        for start in 1..<parts.count {
            let tail = "…/" + parts[start...].joined(separator: "/")
            if measure(tail) <= width { return tail }
        }
        return truncate("…/" + parts[parts.count - 1], width)
    }
}
