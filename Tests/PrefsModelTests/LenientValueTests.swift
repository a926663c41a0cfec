import Foundation
import PrefsTestSupport
import Testing
@testable import PrefsModel

/// Values another program wrote that Foundation reads leniently (a date that does not exist,
/// base64 with a stray group, a raw carriage return, `<key>` inside an array) read as
/// Foundation reads them, and a write of other keys keeps their bytes exactly.
@Suite("Values Foundation reads leniently are kept byte for byte")
struct LenientValueTests {
    static let lenientElements = [
        "<date>2024-02-30T12:00:00Z</date>",
        "<data>YWJj ZA</data>",
        "<string>one\r\ntwo</string>",
        "<array>\n\t\t<key>a</key>\n\t\t<integer>1</integer>\n\t</array>",
        "<string><![CDATA[a <b> & c]]></string>",
        "<dict>\n\t\t<key>when</key>\n\t\t<date>2023-13-01T00:00:00Z</date>\n\t</dict>",
    ]

    private static func suiteText(lenient element: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \t<key>lenient</key>
        \t\(element)
        \t<key>other</key>
        \t<integer>1</integer>
        </dict>
        </plist>

        """
    }

    private func store(in directory: TemporaryDirectory, holding element: String) throws -> SuiteStore {
        try Data(Self.suiteText(lenient: element).utf8).write(to: URL(fileURLWithPath: directory.file("com.acme.lenient.plist")))
        return SuiteStore(suiteName: "com.acme.lenient", directory: directory.path, watchForChanges: false)
    }

    private func fileText(_ directory: TemporaryDirectory) throws -> String {
        String(decoding: try Data(contentsOf: URL(fileURLWithPath: directory.file("com.acme.lenient.plist"))), as: UTF8.self)
    }

    /// What Foundation (and so `UserDefaults`) reads for the whole file.
    private func foundationReading(of element: String) throws -> [String: PlistValue] {
        let object = try PropertyListSerialization.propertyList(from: Data(Self.suiteText(lenient: element).utf8), format: nil)
        guard case .dictionary(let values)? = PlistValue(foundationObject: object) else { return [:] }
        return values
    }

    @Test(arguments: lenientElements)
    func readsAsFoundationReadsIt(element: String) throws {
        let directory = TemporaryDirectory()

        let store = try store(in: directory, holding: element)

        #expect(store.loadProblem == nil)
        #expect(store.storedValues() == (try foundationReading(of: element)))
    }

    @Test(arguments: lenientElements)
    func aWriteOfAnotherKeyKeepsItsBytes(element: String) throws {
        let directory = TemporaryDirectory()
        let store = try store(in: directory, holding: element)

        try store.commit(["other": .int(2), "added": .string("new")], by: nil)

        let text = try fileText(directory)
        #expect(text.contains("<key>lenient</key>\n\t\(element)\n"), "\(text)")
        #expect(text.contains("<integer>2</integer>"))
        let fresh = SuiteStore(suiteName: "com.acme.lenient", directory: directory.path, watchForChanges: false)
        #expect(fresh.storedValues()["lenient"] == (try foundationReading(of: element))["lenient"])
        #expect(fresh.storedValues()["added"] == .string("new"))
    }

    @Test(arguments: lenientElements)
    func aWriteOfTheKeyItselfReplacesItsBytes(element: String) throws {
        let directory = TemporaryDirectory()
        let store = try store(in: directory, holding: element)

        try store.commit(["lenient": .string("replaced")], by: nil)
        try store.commit(["other": .int(3)], by: nil)

        let text = try fileText(directory)
        #expect(!text.contains(element))
        #expect(text.contains("<key>lenient</key>\n\t<string>replaced</string>\n"), "\(text)")
    }

    @Test func aWriteAfterAnotherProcessRewroteTheFileKeepsTheNewBytes() throws {
        let directory = TemporaryDirectory()
        let store = try store(in: directory, holding: Self.lenientElements[0])
        // Another program puts a different lenient value there; this store has not looked yet.
        try Data(Self.suiteText(lenient: Self.lenientElements[1]).utf8)
            .write(to: URL(fileURLWithPath: directory.file("com.acme.lenient.plist")))

        try store.commit(["other": .int(2)], by: nil)

        let text = try fileText(directory)
        #expect(text.contains(Self.lenientElements[1]) && !text.contains(Self.lenientElements[0]), "\(text)")
    }

    @Test func anEntryNestedTooDeepIsStillRefused() {
        let deep = String(repeating: "<array>", count: 600) + "<key>x</key>" + String(repeating: "</array>", count: 600)

        #expect(throws: PlistDocument.Refusal(reason: "nests arrays and dictionaries more than 512 levels deep")) {
            try PlistDocument.read(Data(Self.suiteText(lenient: deep).utf8))
        }
    }
}
