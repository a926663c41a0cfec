import Foundation
import PrefsModel
import PrefsTestSupport

/// The write the fault cases cut short (a file-size limit, a full disk): a suite holding two
/// settings, then a `set` of a long list that makes the file several pages larger.
enum CutShortWrite {
    static let suiteFile = "com.example.weather.plist"

    /// The list the cut-short `set` writes.
    static let cities = (0..<100).map { "City number \($0) with a long name, Llanfairpwllgwyngyll" }

    /// The `prefs-tui` arguments of the write.
    static var arguments: [String] { ["set", "favoriteCities"] + cities }

    /// Writes the suite the write starts from into `folder` and returns its bytes.
    @discardableResult
    static func seedSuite(in folder: TemporaryDirectory) throws -> Data {
        try SuiteStore(suiteName: "com.example.weather", directory: folder.path, watchForChanges: false)
            .commit(["city": .string("Tromsø"), "refreshInterval": .int(30)])
        return folder.contents(suiteFile) ?? Data()
    }

    /// The size the suite file has after the write, measured on a scratch copy.
    static func sizeAfterWrite() throws -> Int {
        let scratch = TemporaryDirectory()
        try seedSuite(in: scratch)
        try SuiteStore(suiteName: "com.example.weather", directory: scratch.path, watchForChanges: false)
            .commit(["favoriteCities": .array(cities.map { .string($0) })])
        return scratch.contents(suiteFile)?.count ?? 0
    }
}
