public import Foundation

/// How a photo's date is written for people: "3 Jun 2025 09:00", in the machine's time zone,
/// the same on every screen (the viewer's header, the gallery's detail, `stories photo`).
public enum PhotoDates {
    /// `date` as "3 Jun 2025 09:00".
    public static func text(_ date: Date, timeZone: TimeZone = .current) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        let month = months[max(0, min(11, (parts.month ?? 1) - 1))]
        let time = String(format: "%02d:%02d", parts.hour ?? 0, parts.minute ?? 0)
        return "\(parts.day ?? 1) \(month) \(parts.year ?? 0) \(time)"
    }

    /// How long ago `date` was, as both viewers say it: "now", "5m", "3h" or "2d"; a week or
    /// more ago, the date itself, "3 Jun 2025 09:00" (a photographer's own pictures said "77w").
    public static func age(_ date: Date, now: Date, timeZone: TimeZone = .current) -> String {
        let seconds = max(0, Int(now.timeIntervalSince(date)))
        switch seconds {
        case ..<60: return "now"
        case ..<3600: return "\(seconds / 60)m"
        case ..<86_400: return "\(seconds / 3600)h"
        case ..<(7 * 86_400): return "\(seconds / 86_400)d"
        default: return text(date, timeZone: timeZone)
        }
    }
}
