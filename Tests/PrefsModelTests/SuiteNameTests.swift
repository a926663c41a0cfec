import Testing
@testable import PrefsModel

/// Suite names become file names in the config folder: only plain file names are accepted.
@Suite("Suite names")
struct SuiteNameTests {
    @Test(arguments: ["com.example.weather", "my app", "Ærø-Überlingen", "a.b.c", "..x", "x.."])
    func plainFileNamesAreAccepted(name: String) {
        #expect(SuiteLocation.problem(withSuiteName: name) == nil)
    }

    @Test(arguments: [
        ("", "it is empty"),
        (".", "\".\" is a folder, not a file name"),
        ("..", "\"..\" is a folder, not a file name"),
        ("../x", "it contains \"/\"; a suite name is a file name"),
        ("/etc/passwd", "it contains \"/\"; a suite name is a file name"),
    ])
    func namesThatLeaveTheConfigFolderAreRefused(name: String, reason: String) {
        #expect(SuiteLocation.problem(withSuiteName: name) == reason)
    }

    @Test(arguments: [
        ("x\u{01}y", "U+0001"), ("x\ny", "U+000A"), ("x\ty", "U+0009"), ("x\u{0}y", "U+0000"),
        ("x\u{7F}y", "U+007F"), ("x\u{85}y", "U+0085"),
    ])
    func namesWithControlCharactersAreRefused(name: String, code: String) {
        #expect(SuiteLocation.problem(withSuiteName: name)
            == "it contains the control character \(code); control characters are not allowed")
    }

    @Test func theLongestAllowedNameLeavesRoomForEverySuiteFileName() {
        let longest = String(repeating: "a", count: SuiteLocation.maximumSuiteNameBytes)
        let preservedCopy = longest + ".plist.corrupt-20261121T191706Z-99999"

        #expect(SuiteLocation.problem(withSuiteName: longest) == nil)
        #expect(preservedCopy.utf8.count <= 255)
    }

    @Test func aNameTooLongForTheFileSystemIsRefusedByItsLengthInBytes() {
        // 110 two-byte letters: 110 characters, 220 bytes.
        let name = String(repeating: "ø", count: 110)

        #expect(SuiteLocation.problem(withSuiteName: name)
            == "it is too long for a file name: 220 bytes (UTF-8), at most \(SuiteLocation.maximumSuiteNameBytes) allowed "
            + "(file names hold 255 bytes, and the suite's files add up to 37 to it)")
    }
}
