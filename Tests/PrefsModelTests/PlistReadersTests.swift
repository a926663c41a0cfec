import Foundation
import PrefsTestSupport
import Testing
@testable import PrefsModel

/// What a suite store writes, every other plist reader reads back unchanged: Foundation's
/// `UserDefaults` in another process and Python's `plistlib`; and what they write survives our
/// writes.
@Suite("Other programs read what we write")
struct PlistReadersTests {
    /// Runs a Python script with `plistlib` available; fails the test if Python fails.
    private func python(_ script: String, _ arguments: [String], in directory: TemporaryDirectory) throws -> String {
        let result = try ChildProcess.run(executablePath: "/usr/bin/env", arguments: ["python3", "-c", script] + arguments,
                                          configHome: directory.path)
        try #require(result.status == 0, "python: \(result.error)")
        return result.output
    }

    /// Each value as `plistlib` sees it: a tagged, order-independent JSON text. Dates are
    /// compared as whole seconds since 1970 (Foundation's formatters switch to the Julian
    /// calendar before 1582; plists and Python use the proleptic Gregorian one).
    private static let plistlibDump = """
        import base64, datetime, json, math, plistlib, sys
        def tag(v):
            if isinstance(v, bool): return ["bool", v]
            if isinstance(v, int): return ["integer", str(v)]
            if isinstance(v, float): return ["real", "nan" if math.isnan(v) else repr(v)]
            if isinstance(v, str): return ["string", v]
            if isinstance(v, bytes): return ["data", base64.b64encode(v).decode()]
            if isinstance(v, list): return ["array", [tag(x) for x in v]]
            if isinstance(v, dict): return ["dict", {k: tag(x) for k, x in v.items()}]
            return ["date", str((v - datetime.datetime(1970, 1, 1)) // datetime.timedelta(seconds=1))]
        with open(sys.argv[1], "rb") as f: root = plistlib.load(f)
        print(json.dumps(tag(root), sort_keys=True))
        """

    /// The same tagging done here from the values we wrote.
    private static func tagged(_ value: PlistValue) -> Any {
        switch value {
        case .bool(let flag): return ["bool", flag]
        case .int(let number): return ["integer", String(number)]
        case .unsignedInt(let number): return ["integer", String(number)]
        case .double(let number):
            if number.isNaN { return ["real", "nan"] }
            if number.isInfinite { return ["real", number < 0 ? "-inf" : "inf"] }
            return ["real", pythonRepr(number)]
        case .string(let text): return ["string", text]
        case .date(let date): return ["date", String(Int(date.timeIntervalSince1970.rounded(.down)))]
        case .data(let data): return ["data", data.base64EncodedString()]
        case .array(let items): return ["array", items.map(tagged)]
        case .dictionary(let entries): return ["dict", entries.mapValues(tagged)]
        }
    }

    /// Python's `repr` of a float: the shortest round-trip digits, like Swift's, but with an
    /// exponent from 1e16 up and below 1e-4, written `1e+16` and `1e-05`.
    private static func pythonRepr(_ number: Double) -> String {
        let magnitude = abs(number)
        if magnitude != 0 && (magnitude >= 1e16 || magnitude < 1e-4) {
            let text = "\(number)"  // Swift already writes 1e+16 and 5e-324 here
            guard let exponent = text.range(of: "e") else { return text }
            let mantissa = text[..<exponent.lowerBound], rest = text[exponent.upperBound...]
            let sign = rest.hasPrefix("-") ? "-" : "+"
            let digits = rest.drop { $0 == "-" || $0 == "+" }
            return "\(mantissa.hasSuffix(".0") ? String(mantissa.dropLast(2)) : String(mantissa))e\(sign)\(digits.count < 2 ? "0" + digits : String(digits))"
        }
        return "\(number)"
    }

    private func json(_ object: Any) throws -> String {
        String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .fragmentsAllowed]), as: UTF8.self)
    }

    private func writtenSuite(_ values: [String: PlistValue]) throws -> (TemporaryDirectory, SuiteStore) {
        let directory = TemporaryDirectory()
        let store = SuiteStore(suiteName: "readers", directory: directory.path, watchForChanges: false)
        try store.commit(values)
        return (directory, store)
    }

    @Test func foundationsUserDefaultsReadsEveryValue() throws {
        let values = PlistSamples.everythingExact
        let (directory, _) = try writtenSuite(values)

        let reader = HelperProcess.make(["foundation-read-plist", "readers"] + values.keys, configHome: directory.path)
        try reader.start()
        let result = reader.finish()

        try #require(result.status == 0, "\(result.error)")
        let read = PlistValue(foundationObject: try PropertyListSerialization.propertyList(
            from: reader.outputData, options: [], format: nil))
        #expect(PlistSamples.same(read, .dictionary(values)))
    }

    @Test func pythonsPlistlibReadsEveryValue() throws {
        let values = PlistSamples.everythingExact
        let (directory, store) = try writtenSuite(values)

        let dumped = try python(Self.plistlibDump, [store.path], in: directory)

        let expected = try json(Self.tagged(.dictionary(values)))
        let actual = try json(try JSONSerialization.jsonObject(with: Data(dumped.utf8)))
        #expect(actual == expected)
    }

    @Test(arguments: ["FMT_XML", "FMT_BINARY"])
    func integersPlistlibWritesSurviveOurWrites(format: String) throws {
        let directory = TemporaryDirectory()
        let path = directory.file("readers.plist")
        _ = try python("""
            import plistlib, sys
            with open(sys.argv[1], "wb") as f:
                plistlib.dump({"big": 2**64 - 1, "min": -2**63, "max": 2**63 - 1, "city": "Oslo"}, f, fmt=plistlib.\(format))
            """, [path], in: directory)
        let store = SuiteStore(suiteName: "readers", directory: directory.path, watchForChanges: false)
        #expect(store.storedValue(forKey: "big") == .unsignedInt(UInt64.max))
        #expect(store.storedValue(forKey: "min") == .int(Int.min))

        try store.commit(["other": .int(1)])

        let read = try python("""
            import plistlib, sys
            with open(sys.argv[1], "rb") as f: d = plistlib.load(f)
            print(d["big"], d["min"], d["max"], d["city"], d["other"])
            """, [path], in: directory)
        #expect(read == "18446744073709551615 -9223372036854775808 9223372036854775807 Oslo 1\n")
    }

    @Test func anIntKeyReadingAnIntegerBeyondIntGetsTheDefaultAndADiagnostic() throws {
        let key = PreferenceKey<Int>("big", default: 7)
        let schema = PreferenceSchema(title: "", suiteName: "readers", keys: [key])
        let prefs = Preferences(store: InMemoryStore(["big": .unsignedInt(UInt64.max)]), schema: schema)

        #expect(prefs[key] == 7)
        let diagnostic = try #require(prefs.diagnostic(for: key))
        #expect(diagnostic.storedValue == "18446744073709551615")
    }

    @Test func foundationsURLForKeyReadsAStoredFilePath() throws {
        let (directory, _) = try writtenSuite(["website": .string("/tmp/some folder/file.txt")])

        let result = try HelperProcess.run(["foundation-read-url", "readers", "website"], configHome: directory.path)

        #expect(result.output == "file:///tmp/some%20folder/file.txt\n", "\(result.error)")
    }

    @Test func realsAreWrittenWithAPointWhenTheProcessUsesADecimalCommaLocale() throws {
        // The editor calls setlocale(LC_ALL, ""), and printf then follows the user's LC_NUMERIC.
        // No such locale is installed here, so localedef builds one holding only numbers.
        let directory = TemporaryDirectory()
        let definition = directory.file("comma.def")
        try Data("LC_NUMERIC\ndecimal_point \"<U002C>\"\nthousands_sep \"<U002E>\"\ngrouping 3;3\nEND LC_NUMERIC\n".utf8)
            .write(to: URL(fileURLWithPath: definition))
        _ = try ChildProcess.run(executablePath: "/usr/bin/localedef", arguments: ["-c", "-i", definition, directory.file("comma")],
                                 configHome: directory.path)

        let result = try ChildProcess.run(product: "prefs-test-helper", arguments: ["write-real-in-locale", "readers", "half", "0.5", "comma"],
                                          configHome: directory.path, environment: ["LOCPATH": directory.path])

        try #require(result.status == 0, "\(result.error)")
        let text = try String(contentsOfFile: directory.file("readers.plist"), encoding: .utf8)
        #expect(text.contains("<real>0.5</real>"))
    }
}
