import Foundation
import Testing

/// No C struct that C code writes into lives in a Swift global or static: release builds of
/// Swift 6.3.1 laid out such globals without the struct's internal padding (a `sigaction` of 148
/// bytes where C writes 152), and the release editor ended itself at start. Such state lives in
/// C (`Sources/CTerminalGuard`) or in memory allocated with C's size (`Locked`).
@Suite("C structs stay out of Swift globals")
struct CStructGlobalTests {
    static let cStructs = ["termios", "sigaction", "sigset_t", "pollfd", "stat", "winsize", "timespec", "timeval",
                           "pthread_mutex_t", "pthread_cond_t", "sockaddr", "rlimit", "utsname", "passwd"]

    /// Declarations at the top level of a file or marked `static` whose type or initial value
    /// is one of ``cStructs``, as "line: text".
    static func offendingDeclarations(in source: String) -> [String] {
        var found: [String] = []
        var depth = 0
        for (number, line) in source.components(separatedBy: "\n").enumerated() {
            let code = line.components(separatedBy: "//").first ?? ""
            let trimmed = code.trimmingCharacters(in: .whitespaces)
            let words = trimmed.split(whereSeparator: { !$0.isLetter && !$0.isNumber && $0 != "_" }).map(String.init)
            let declares = words.contains("var") || words.contains("let")
            let global = depth == 0 || words.contains("static")
            if declares && global && words.contains(where: { cStructs.contains($0) }) {
                found.append("\(number + 1): \(trimmed)")
            }
            depth += code.filter { $0 == "{" }.count - code.filter { $0 == "}" }.count
        }
        return found
    }

    @Test func theCheckFindsTheDeclarationsThatBrokeTheReleaseBuild() {
        let old = """
            import Glibc
            private nonisolated(unsafe) var savedModes = termios()
            nonisolated(unsafe) var ncursesResizeAction: sigaction = sigaction()
            enum Guard {
                static var previous = [sigaction](repeating: sigaction(), count: 65)
                func local() { var status = stat(); _ = status }
            }
            """

        #expect(Self.offendingDeclarations(in: old).count == 3)
    }

    @Test func noSourceDeclaresOne() throws {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources")
        let files = try #require(FileManager.default.enumerator(atPath: sources.path)?.allObjects as? [String])
            .filter { $0.hasSuffix(".swift") }
        #expect(files.count > 50)

        for file in files {
            let text = try String(contentsOfFile: sources.appendingPathComponent(file).path, encoding: .utf8)
            #expect(Self.offendingDeclarations(in: text).isEmpty, "\(file): \(Self.offendingDeclarations(in: text))")
        }
    }
}
