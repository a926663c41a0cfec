// Fuzz target plist-xml: PlistXMLReader, the reader of plain XML property lists (suite files,
// imports), on any bytes; then, for what it reads, the store's next write of it (PlistXMLWriter,
// with the file's key order and its verbatim entries) and a read of that write, which must give
// the same values back.
//
// Finds: traps (bounds, overflow, force unwraps), ASan errors, hangs; and a broken round trip,
// reported as a fatalError "fuzz invariant broken: …" (what the store writes for a suite it
// read must read back as the same settings).
import Foundation
@testable import PrefsModel

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Data(bytes: data, count: size)
    let value = PlistXMLReader.value(from: bytes)
    guard let (root, rootKeys, verbatim) = PlistXMLReader.document(from: bytes) else {
        fuzzCheck(value == nil, "value(from:) read a document that document(from:) refused")
        return 0
    }
    fuzzCheck(value?.isSame(as: root) == true, "value(from:) and document(from:) disagree")
    guard case .dictionary(let entries) = root else { return 0 }
    fuzzCheck(rootKeys.count == entries.count && Set(rootKeys) == Set(entries.keys),
              "the root keys \(rootKeys) are not the root dictionary's keys \(entries.keys.sorted())")
    fuzzCheck(Set(verbatim.keys).isSubset(of: entries.keys), "verbatim entries \(verbatim.keys.sorted()) are not root keys")

    // What a SuiteStore writes for this suite (SuiteFile.write: the file's order, its verbatim
    // entries), and what it reads from that.
    let written: [UInt8]
    do {
        written = try PlistXMLWriter.document(entries, order: PlistKeyOrder(listed: rootKeys), verbatim: verbatim)
    } catch {
        // A refusal (text XML cannot carry, a date beyond 9999) names an entry that has it.
        fuzzCheck(entries.contains { PlistXMLWriter.refusal(ofKey: $0.key, value: $0.value) != nil },
                  "the writer refused (\(error)) but refusal(ofKey:value:) finds no entry to blame")
        return 0
    }
    guard let again = PlistXMLReader.document(from: Data(written)) else {
        fuzzCheck(false, "the writer's output does not read back:\n\(String(decoding: written.prefix(4000), as: UTF8.self))")
        return 0
    }
    fuzzCheck(again.root.isSame(as: root), "a write and a read changed the values: \(root) became \(again.root)")
    return 0
}
