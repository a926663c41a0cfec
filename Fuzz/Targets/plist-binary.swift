// Fuzz target plist-binary: BinaryPlistReader (bplist00 suite files and imports, which never
// reach Foundation's binary parser) on any bytes; then, for what it reads, the XML the store
// writes when it next saves the suite, read back through PlistDocument (the store's dispatch).
//
// Finds: traps, ASan errors, hangs, memory blow-ups (-rss_limit_mb), and a conversion that
// changes a value, reported as a fatalError "fuzz invariant broken: …". The only change allowed
// is the documented one: a date is written in whole seconds, rounded down.
import Foundation
@testable import PrefsModel

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    // Mostly real files: the header is the dispatch's test (PlistDocument.read), and without it
    // every input ends at the first check. Inputs that do not start with it get it prepended.
    var bytes = Data(bytes: data, count: size)
    if !bytes.starts(with: "bplist".utf8) { bytes = Data("bplist00".utf8) + bytes }
    let root: PlistValue
    let rootKeys: [String]?
    do { (root, rootKeys) = try BinaryPlistReader.document(from: bytes) } catch { return 0 }
    guard case .dictionary(let entries) = root else {
        fuzzCheck(rootKeys == nil, "root keys \(rootKeys ?? []) for a root that is not a dictionary")
        return 0
    }
    guard let rootKeys else {
        fuzzCheck(false, "no root keys for a root dictionary")
        return 0
    }
    fuzzCheck(rootKeys.count == entries.count && Set(rootKeys) == Set(entries.keys),
              "the root keys \(rootKeys) are not the root dictionary's keys \(entries.keys.sorted())")

    let written: [UInt8]
    do {
        written = try PlistXMLWriter.document(entries, order: PlistKeyOrder(listed: rootKeys))
    } catch {
        fuzzCheck(entries.contains { PlistXMLWriter.refusal(ofKey: $0.key, value: $0.value) != nil },
                  "the writer refused (\(error)) but refusal(ofKey:value:) finds no entry to blame")
        return 0
    }
    let again: PlistDocument.Reading
    do { again = try PlistDocument.read(Data(written)) } catch {
        fuzzCheck(false, "the XML written for a binary suite does not read back (\(error.reason)):\n\(String(decoding: written.prefix(4000), as: UTF8.self))")
        return 0
    }
    let expected = root.withDatesInWholeSeconds
    fuzzCheck(again.root.isSame(as: expected), "a binary suite written as XML changed: \(expected) became \(again.root)")
    return 0
}
