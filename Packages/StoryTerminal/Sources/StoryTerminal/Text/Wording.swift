import Foundation

/// How human output says counts and sizes: "1 image", "2 images"; "512 bytes", "3.4 MiB".
public enum Wording {
    /// `count` and the noun, singular for one: `count(1, "image")` is "1 image".
    public static func count(_ count: Int, _ singular: String, plural: String? = nil) -> String {
        "\(count) \(count == 1 ? singular : plural ?? singular + "s")"
    }

    /// A size in bytes, KiB, MiB or GiB (binary units, as the configuration's sizes): one
    /// decimal below 10 of a unit, none above; whole units without decimals ("256 MiB").
    public static func bytes(_ bytes: Int) -> String {
        guard bytes >= 1024 else { return count(bytes, "byte") }
        let units = ["KiB", "MiB", "GiB", "TiB"]
        var value = Double(bytes) / 1024
        var unit = 0
        while value >= 1024, unit < units.count - 1 {
            value /= 1024
            unit += 1
        }
        let whole = value.rounded() == value || value >= 10
        return (whole ? String(Int(value.rounded())) : String(format: "%.1f", value)) + " " + units[unit]
    }
}
