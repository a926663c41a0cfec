import Foundation

/// The text form of dates: the one parser and the one formatter behind `Date`'s
/// ``PreferenceValue`` conformance.
///
/// Hand-written because `ISO8601DateFormatter` is lenient in ways a settings tool must not be:
/// it stops reading after the date (`…Zgarbage` is accepted) and rolls impossible dates over
/// (`2026-02-30` becomes March 2nd). Here the whole text must be exactly one of ``forms``, and
/// every field must name a real calendar date and time.
package enum DateText {
    /// The accepted forms, as the error message lists them.
    package static let forms = [
        "2026-11-21T09:30:00Z", "2026-11-21T09:30:00+01:00", "2026-11-21T09:30Z",
        "2026-11-21 09:30 (UTC)", "2026-11-21 (midnight UTC)",
    ]

    /// What `set` accepts for a date, for messages.
    package static let allowedText = "a date in one of these forms: " + forms.joined(separator: ", ")

    /// The dates a value may be, in seconds since 1970: 0001-01-01T00:00:00Z to
    /// 9999-12-31T23:59:59Z, the years every form above spells with four digits and the suite
    /// file's `<date>` can hold. A text in range by its own fields can leave it through its
    /// offset (`9999-12-31T23:59:59-01:00` is in the year 10000 in UTC).
    package static let range: ClosedRange<Double> = -62_135_596_800 ... 253_402_300_799

    /// The range for messages.
    package static let rangeText = "a date from 0001-01-01T00:00:00Z to 9999-12-31T23:59:59Z"

    /// The date a text names, or nil when the text is not exactly one accepted form of a real date.
    package static func parse(_ text: String) -> Date? {
        var reader = Reader(Array(text.utf8))
        guard let date = reader.calendarDate() else { return nil }
        var time = (hour: 0, minute: 0, second: 0), offsetSeconds = 0
        if reader.isAtEnd {
            // 2026-11-21: midnight UTC.
        } else if reader.take(" ") {
            // 2026-11-21 09:30: UTC, no seconds, no zone.
            guard let clock = reader.clock(withSeconds: false) else { return nil }
            time = (clock.hour, clock.minute, clock.second)
        } else if reader.take("T") {
            guard let clock = reader.clock(withSeconds: nil) else { return nil }
            time = (clock.hour, clock.minute, clock.second)
            if reader.take("Z") {
                // UTC.
            } else {
                // An offset needs whole seconds: 2026-11-21T09:30:00+01:00.
                guard clock.hasSeconds, let offset = reader.offset() else { return nil }
                offsetSeconds = offset
            }
        } else {
            return nil
        }
        guard reader.isAtEnd else { return nil }
        let days = daysSince1970(year: date.year, month: date.month, day: date.day)
        let seconds = days * 86_400 + time.hour * 3_600 + time.minute * 60 + time.second - offsetSeconds
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }

    /// `2026-11-21T09:30:00Z`: UTC, whole seconds (a fraction is dropped, as plists store none).
    package static func format(_ date: Date) -> String {
        // A date another program stored can be any double; beyond about 30 million years the
        // calendar arithmetic below would overflow, so such a date is shown as its raw seconds.
        let seconds = date.timeIntervalSince1970.rounded(.down)
        guard seconds.isFinite, abs(seconds) < 1e15 else { return "@\(date.timeIntervalSince1970)" }
        let total = Int(seconds)
        let days = total >= 0 ? total / 86_400 : -((-total + 86_399) / 86_400)
        let secondOfDay = total - days * 86_400
        let (year, month, day) = civilDate(daysSince1970: days)
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : String(value) }
        let yearText = (1...9999).contains(year) ? String(format: "%04d", year) : String(year)
        return "\(yearText)-\(two(month))-\(two(day))T\(two(secondOfDay / 3_600)):\(two(secondOfDay / 60 % 60)):\(two(secondOfDay % 60))Z"
    }

    package static func isLeapYear(_ year: Int) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    package static func daysInMonth(_ month: Int, year: Int) -> Int {
        switch month {
        case 2: return isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days from 1970-01-01 to a proleptic Gregorian date: counted in 400-year eras of 146,097
    /// days, with years starting in March so the leap day falls at the end of a year.
    package static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The inverse of `daysSince1970`; also what the plist writer spells `<date>` with.
    package static func civilDate(daysSince1970 days: Int) -> (year: Int, month: Int, day: Int) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// Reads fixed-width ASCII fields from the front of the text.
    private struct Reader {
        private let bytes: [UInt8]
        private var position = 0

        init(_ bytes: [UInt8]) { self.bytes = bytes }

        var isAtEnd: Bool { position == bytes.count }

        mutating func take(_ character: Unicode.Scalar) -> Bool {
            guard position < bytes.count, bytes[position] == UInt8(ascii: character) else { return false }
            position += 1
            return true
        }

        /// Exactly `count` ASCII digits as a number within `range`.
        mutating func number(digits count: Int, in range: ClosedRange<Int>) -> Int? {
            guard position + count <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[position..<position + count] {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            guard range.contains(value) else { return nil }
            position += count
            return value
        }

        /// `YYYY-MM-DD` naming a day that exists.
        mutating func calendarDate() -> (year: Int, month: Int, day: Int)? {
            guard let year = number(digits: 4, in: 1...9999), take("-"),
                  let month = number(digits: 2, in: 1...12), take("-"),
                  let day = number(digits: 2, in: 1...DateText.daysInMonth(month, year: year)) else { return nil }
            return (year, month, day)
        }

        /// `HH:MM` or `HH:MM:SS`; `withSeconds` nil takes either.
        mutating func clock(withSeconds: Bool?) -> (hour: Int, minute: Int, second: Int, hasSeconds: Bool)? {
            guard let hour = number(digits: 2, in: 0...23), take(":"),
                  let minute = number(digits: 2, in: 0...59) else { return nil }
            guard withSeconds != false, take(":") else {
                return withSeconds == true ? nil : (hour, minute, 0, false)
            }
            guard let second = number(digits: 2, in: 0...59) else { return nil }
            return (hour, minute, second, true)
        }

        /// `+HH:MM` or `-HH:MM`, as seconds east of UTC.
        mutating func offset() -> Int? {
            let sign: Int
            if take("+") { sign = 1 } else if take("-") { sign = -1 } else { return nil }
            guard let hours = number(digits: 2, in: 0...23), take(":"),
                  let minutes = number(digits: 2, in: 0...59) else { return nil }
            return sign * (hours * 3_600 + minutes * 60)
        }
    }
}
