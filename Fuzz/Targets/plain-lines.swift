// Fuzz target plain-lines: the plain mode (for screen readers and TERM=dumb) fed as
// PlainSession.run feeds it: the input's bytes through PlainLineReader (lines of bytes, CR LF
// as LF, invalid UTF-8 and over-long lines refused) over a pipe, each line to the editor's
// state machine as a `.line` event, and what it said worded by PlainView after each, until the
// person quits or the input ends.
//
// The first byte chooses the settings (FuzzSettings: the demo, every kind of key, inferred, with
// site locks, overrides, an unreadable file), its bit 5 whether the user's file already holds
// stored values of the wrong kind, bit 6 whether writes fail (a full disk), and bit 7 whether the
// list follows the store's keys; the rest is what the person types: `3`, `city`, `r 2`, `u`,
// `l`, answers, `q`. A line that starts with `!` is no typing: another program stores its rest
// as the first listed setting's text (or removes it, for `!` alone), and the change arrives as
// the full screen gets it. A line that starts with `*` is sent as a line of 1 MiB − 2 to 1 MiB +
// 5 bytes (its next byte picks the length; the rest of it, repeated, fills it), so the reader's
// limit is met on both sides. Each line typed is also read as `render --keys` reads key names
// (KeyEvent.parse).
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

    // What a terminal would hand over: the bytes in a file removed at once (the reader reads a
    // descriptor; a pipe would hold only 64 KiB, short of the reader's 1 MiB limit).
    var template = Array((NSTemporaryDirectory() + "/plain-lines-XXXXXX").utf8CString)
    let input = mkstemp(&template)
    guard input >= 0 else { return 0 }
    unlink(template)
    defer { close(input) }
    let bytes = expandingLongLines(Array(typed))
    var written = 0
    while written < bytes.count {
        let result = bytes.withUnsafeBytes { write(input, $0.baseAddress! + written, bytes.count - written) }
        if result <= 0 { break }
        written += result
    }
    lseek(input, 0, SEEK_SET)

    let listing: KeyListing = choice & 128 != 0 ? .followingStore() : .schema
    let controller = EditorController(prefs: settings.prefs, suiteName: settings.prefs.schema.suiteName, width: 80, height: 24,
                                      keyListing: listing)
    controller.startConversation()
    var printed = 0
    func printSaid() {
        let said = PlainView.text(of: controller.state, since: printed)
        fuzzCheck(said.next >= printed, "the conversation went back")
        printed = said.next
    }
    printSaid()
    var reader = PlainLineReader(descriptor: input)
    var lines = 0
    while !controller.shouldQuit {
        lines += 1
        if lines > 100_000 { fuzzCheck(false, "the plain mode never finished after the end of input") }
        let line = reader.next()
        if case .text(let text) = line {
            fuzzCheck(text.utf8.count <= PlainLineReader.longestLine, "a line of \(text.utf8.count) bytes got past the limit")
            for name in text.split(separator: " ") { _ = KeyEvent.parse(String(name)) }
        }
        if case .text(let text) = line, text.hasPrefix("!"), let key = controller.state.keys.first {
            let value = String(text.dropFirst())
            // Another program's write, as the store would report it (the write may fail).
            _ = try? settings.store.commit([key.name: value.isEmpty ? nil : .string(value)], by: nil)
            controller.changedOutside([key.name])
        } else {
            controller.send(.line(line.typed))
        }
        printSaid()
        fuzzCheck(controller.state.pendingWrite == nil, "a write was left pending without a write queue")
    }
    return 0
}

/// The input with each line that starts with `*` made a line near the reader's limit.
private func expandingLongLines(_ bytes: [UInt8]) -> [UInt8] {
    guard bytes.contains(UInt8(ascii: "*")) else { return bytes }
    var output: [UInt8] = []
    for line in bytes.split(separator: 0x0A, omittingEmptySubsequences: false) {
        if !output.isEmpty { output.append(0x0A) }
        guard line.first == UInt8(ascii: "*") else {
            output.append(contentsOf: line)
            continue
        }
        let length = PlainLineReader.longestLine - 2 + Int((line.dropFirst().first ?? 0) % 8)
        let fill = line.count > 2 ? Array(line.dropFirst(2)) : [UInt8(ascii: "x")]
        output.reserveCapacity(output.count + length)
        for index in 0..<length { output.append(fill[index % fill.count]) }
    }
    return output
}
