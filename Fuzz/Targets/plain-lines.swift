// Fuzz target plain-lines: the plain mode (PlainPrompter, for screen readers and TERM=dumb) fed
// as PlainSession.run feeds it: the input's bytes through PlainLineReader (lines of bytes, CR LF
// as LF, invalid UTF-8 and over-long lines refused) over a pipe, each line to respond(to:) or
// refuseLine(because:), the end of input to endOfInput(), until the prompter has finished.
//
// The first byte chooses the settings (FuzzSettings: the demo, every kind of key, inferred, with
// site locks, overrides, an unreadable file), its bit 5 whether the user's file already holds
// stored values of the wrong kind, and bit 6 whether writes fail (a full disk); the rest is what
// the person types: `3`, `city`, `r 2`, `u`, `l`, answers, `q`.
import Foundation
@testable import PrefsEditor
@testable import PrefsModel

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let choice = data[0]
    let typed = UnsafeBufferPointer(start: data + 1, count: size - 1)
    let stored: [String: PlistValue] = choice & 32 == 0 ? [:] : [
        "refreshInterval": .string("soon"), "city": .int(3), "favoriteCities": .array([.int(1), .string("")]),
        "interval": .int(Int.max), "ratio": .double(.nan), "level": .int(4), "ports": .array([.int(0)]),
        "notation": .string("rankine"), "lastRun": .date(Date(timeIntervalSinceReferenceDate: 1e18)),
        "tempUnit": .string("fahrenheit"), "big": .int(Int.min), "tiny": .double(-.infinity),
    ]
    let settings = FuzzSettings(choice: choice, stored: stored)
    settings.store.failing = choice & 64 != 0

    // What a terminal would hand over: the bytes on a pipe (the reader reads a descriptor).
    // A pipe holds 64 KiB; libFuzzer's inputs are far smaller, and longer ones are cut.
    var ends: [Int32] = [0, 0]
    guard pipe(&ends) == 0 else { return 0 }
    let count = min(typed.count, 60_000)
    var written = 0
    while written < count {
        let result = write(ends[1], typed.baseAddress! + written, count - written)
        if result <= 0 { break }
        written += result
    }
    close(ends[1])
    defer { close(ends[0]) }

    let prompter = PlainPrompter(prefs: settings.prefs, suiteName: settings.prefs.schema.suiteName)
    _ = prompter.start()
    var reader = PlainLineReader(descriptor: ends[0])
    var lines = 0
    while !prompter.isFinished {
        lines += 1
        if lines > 100_000 { fuzzCheck(false, "the prompter never finished after the end of input") }
        switch reader.next() {
        case .text(let line): _ = prompter.respond(to: line)
        case .notUTF8: _ = prompter.refuseLine(because: "it is not UTF-8 text")
        case .tooLong: _ = prompter.refuseLine(because: "it is longer than \(PlainLineReader.longestLine) bytes")
        case .end: _ = prompter.endOfInput()
        }
    }
    return 0
}
