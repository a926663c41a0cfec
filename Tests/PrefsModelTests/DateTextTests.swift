import Foundation
import PropertyBased
import Testing
@testable import PrefsModel

/// The date a calendar in UTC gives for these fields: the oracle the parser is checked against.
private func utcDate(_ year: Int, _ month: Int, _ day: Int, _ hour: Int = 0, _ minute: Int = 0, _ second: Int = 0) -> Date? {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    let components = DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
    guard let date = calendar.date(from: components) else { return nil }
    // Foundation rolls impossible fields over (February 30th becomes March 2nd); a real date
    // keeps every field.
    let back = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
    guard back.year == year, back.month == month, back.day == day,
          back.hour == hour, back.minute == minute, back.second == second else { return nil }
    return date
}

/// The five accepted forms, written out: nothing but these may be accepted.
private let acceptedShape = try! NSRegularExpression(pattern: #"^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}:\d{2}(Z|[+-]\d{2}:\d{2})|T\d{2}:\d{2}Z| \d{2}:\d{2})?$"#)

private func hasAcceptedShape(_ text: String) -> Bool {
    acceptedShape.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
}

@Suite("Dates: exactly the documented forms, real calendar dates only")
struct DateTextTests {
    @Test func everyDocumentedFormIsAccepted() throws {
        let morning = try #require(utcDate(2026, 11, 21, 9, 30))
        #expect(try Date(parsing: "2026-11-21T09:30:00Z") == morning)
        #expect(try Date(parsing: "2026-11-21T10:30:00+01:00") == morning)
        #expect(try Date(parsing: "2026-11-21T04:00:00-05:30") == morning)
        #expect(try Date(parsing: "2026-11-21T09:30Z") == morning)
        #expect(try Date(parsing: "2026-11-21 09:30") == morning)
        #expect(try Date(parsing: "2026-11-21") == utcDate(2026, 11, 21))
        #expect(try Date(parsing: "2024-02-29") == utcDate(2024, 2, 29))
    }

    @Test(arguments: [
        "2026-01-01T00:00:00Zgarbage", "2026-01-01T00:00:00Z; rm -rf /", "2026-01-01T00:00:00+01:00xyz",
        "2026-02-30T09:00:00Z", "2026-02-29", "1900-02-29", "2026-04-31", "2026-13-01", "2026-00-10",
        "2026-11-21T24:00:00Z", "2026-11-21T09:60:00Z", "2026-11-21T09:30:60Z", "2026-11-21T09:30:00",
        "2026-11-21T09:30:00.250Z", "2026-11-21T09:30+01:00", "2026-11-21t09:30:00z", "2026-11-21T09:30:00+0100",
        "2026-11-21 09:30Z", "2026-11-21 09:30:00", "2026-1-5", "26-11-21", "０２０２６-11-21", "2026-11-21T",
        "", "yesterday",
    ])
    func anythingElseIsRefusedWithTheForms(text: String) {
        #expect(throws: PreferenceError.invalidValue(key: "lastRefresh", value: text, allowed: DateText.allowedText)) {
            try PreferenceKey<Date>("lastRefresh", default: .distantPast).storedValue(parsing: [text])
        }
    }

    @Test func theMessageListsEveryForm() {
        for form in ["2026-11-21T09:30:00Z", "2026-11-21T09:30:00+01:00", "2026-11-21T09:30Z", "2026-11-21 09:30", "2026-11-21"] {
            #expect(DateText.allowedText.contains(form))
        }
    }

    @Test func formattingIsUTCToTheSecond() throws {
        #expect(try #require(utcDate(2026, 11, 21, 9, 30)).formatted == "2026-11-21T09:30:00Z")
        #expect(try #require(utcDate(1600, 2, 29)).formatted == "1600-02-29T00:00:00Z")
        #expect(try #require(utcDate(1969, 12, 31, 23, 59, 59)).formatted == "1969-12-31T23:59:59Z")
    }

    @Test func anyStoredDateFormatsWithoutCrashing() {
        for seconds in [1e300, -1e300, Double.infinity, 1e15, -62_135_596_801] {
            #expect(!Date(timeIntervalSince1970: seconds).formatted.isEmpty)
        }
    }

    private static let tails = ["", "", "", "x", "Z", " ", ":00", ".5", "; rm -rf /", "\n", "+01:00", "-14:00"]

    /// Texts near the accepted forms: fields in and just out of range, every form, and tails
    /// that must not be ignored.
    private static let nearDates = zip(
        // From 1583: Foundation's calendar, the oracle here, is Julian before October 1582,
        // while ISO 8601 dates (and the parser) are Gregorian throughout.
        zip(Gen.int(in: 1583...9999), Gen.int(in: 0...13), Gen.int(in: 0...32)),
        zip(Gen.int(in: 0...25), Gen.int(in: 0...61), Gen.int(in: 0...61)),
        zip(Gen.int(in: 0...6), Gen.int(in: 0...(Self.tails.count - 1)).map { Self.tails[$0] })
    ).map { date, time, shape in
        let (year, month, day) = date, (hour, minute, second) = time, (form, tail) = shape
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let yearText = String(repeating: "0", count: max(0, 4 - String(year).count)) + String(year)
        let calendarDay = "\(yearText)-\(two(month))-\(two(day))"
        let clock = "\(two(hour)):\(two(minute))", seconds = ":\(two(second))"
        let forms = [
            calendarDay + "T" + clock + seconds + "Z", calendarDay + "T" + clock + seconds + "+\(two(hour % 15)):\(two(minute))",
            calendarDay + "T" + clock + "Z", calendarDay + " " + clock, calendarDay, calendarDay + "T" + clock + seconds,
            calendarDay + "T" + clock,
        ]
        return forms[form] + tail
    }

    @Test func everyAcceptedTextIsWhollyOneRealDate() async {
        await propertyCheck(count: 400, input: Self.nearDates) { typed in
            guard let date = try? Date(parsing: typed) else { return }
            // Surrounding spaces are ignored, as for every type; nothing else is.
            let text = typed.trimmingCharacters(in: .whitespaces)
            #expect(hasAcceptedShape(text), "accepted \(text.debugDescription), which is not one of the forms")
            let fields = text.split(whereSeparator: { "-T :Z+".contains($0) }).compactMap { Int($0) }
            let (year, month, day) = (fields[0], fields[1], fields[2])
            let hour = fields.count > 3 ? fields[3] : 0, minute = fields.count > 4 ? fields[4] : 0
            let second = text.count >= 19 && text.dropFirst(16).first == ":" ? fields[5] : 0
            let local = utcDate(year, month, day, hour, minute, second)
            #expect(local != nil, "accepted \(text.debugDescription), which is no real date")
            var offset = 0
            if text.count == 25, let sign = text.dropFirst(19).first, sign == "+" || sign == "-" {
                offset = (fields[6] * 3600 + fields[7] * 60) * (sign == "+" ? 1 : -1)
            }
            #expect(local.map { $0.addingTimeInterval(TimeInterval(-offset)) } == date, "\(text) read as \(date.formatted)")
            #expect((try? Date(parsing: date.formatted)) == date, "\(text) formats as \(date.formatted)")
        }
    }
}

@Suite("Dates beyond the years 0001–9999 are refused with the text as given")
struct DateRangeTests {
    private let key = PreferenceKey<Date?>("lastRefresh")
    private let range = "a date from 0001-01-01T00:00:00Z to 9999-12-31T23:59:59Z"

    @Test(arguments: ["9999-12-31T23:59:59-01:00", "9999-12-31T23:30:00-00:30", "0001-01-01T00:00:00+00:01", "0001-01-01T00:59:59+01:00"])
    func aTextWhoseUTCDateLeavesTheFourDigitYearsIsRefusedQuotingIt(text: String) {
        #expect(throws: PreferenceError.invalidValue(key: "lastRefresh", value: text, allowed: range)) {
            try key.storedValue(parsing: [text])
        }
    }

    @Test func theFirstAndLastSecondsOfTheRangeAreAccepted() throws {
        #expect(try key.storedValue(parsing: ["9999-12-31T22:59:59-01:00"]).map { Date(storedValue: $0)?.formatted } == "9999-12-31T23:59:59Z")
        #expect(try key.storedValue(parsing: ["0001-01-01T01:00:00+01:00"]).map { Date(storedValue: $0)?.formatted } == "0001-01-01T00:00:00Z")
    }

    @Test func aDateBeyondTheRangeWrittenThroughTheTypedAPIIsNamedAsADate() {
        let fixture = StoreFixture(.suite, schema: PreferenceSchema(title: "T", suiteName: "test.suite", keys: [key]))
        let yearTenThousand = Date(timeIntervalSince1970: 253_402_304_399)
        do {
            try fixture.prefs.set(yearTenThousand, for: key)
            Issue.record("a date in the year 10000 was written")
        } catch {
            #expect("\(error)" == #"lastRefresh: "10000-01-01T00:59:59Z" is not allowed; allowed: "# + range)
        }
    }
}
