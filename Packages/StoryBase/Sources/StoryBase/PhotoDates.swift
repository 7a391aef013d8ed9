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
}
