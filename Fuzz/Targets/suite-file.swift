// Fuzz target suite-file: a whole suite file from its bytes, as a SuiteStore reads it.
// SuiteFile.read hands the bytes to the private SuiteFile.parse, which is exactly
// `PlistDocument.read` (the dispatch: bplist → BinaryPlistReader, plain XML → PlistXMLReader,
// anything else, once a nesting scan allows it, → PropertyListSerialization) followed by the
// root-dictionary check and PlistKeyOrder(listed:); this entry repeats those steps. Then what
// the programs do with a suite's values: the store's next write (PlistXMLWriter with the file's
// order and verbatim entries) read back through the dispatch, which must give the same values
// (dates in whole seconds); an inferred schema (`prefs-tui` on a suite without one), and
// Preferences with the every-kind schema plus the file's other keys: each value shown, as JSON,
// diagnosed, stepped and cycled (`list`, `get`, `export`, the editor's rows).
import Foundation
@testable import PrefsModel

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Data(bytes: data, count: size)
    let document: PlistDocument.Reading
    do { document = try PlistDocument.read(bytes) } catch {
        _ = error.reason
        return 0
    }
    guard case .dictionary(let values) = document.root else { return 0 }
    let order = document.rootKeys.map { PlistKeyOrder(listed: $0) }
    if let order {
        fuzzCheck(order.keys.count == values.count && Set(order.keys) == Set(values.keys),
                  "the file's key order \(order.keys) does not list its keys \(values.keys.sorted())")
    }

    if let written = try? PlistXMLWriter.document(values, order: order, verbatim: document.verbatim) {
        let again: PlistDocument.Reading
        do { again = try PlistDocument.read(Data(written)) } catch {
            fuzzCheck(false, "the store's write of a suite it read does not read back (\(error.reason)):\n\(String(decoding: written.prefix(4000), as: UTF8.self))")
            return 0
        }
        let expected = PlistValue.dictionary(values).withDatesInWholeSeconds
        fuzzCheck(again.root.isSame(as: expected), "a write and a read changed the suite: \(expected) became \(again.root)")
    }

    let inferred = PreferenceSchema(inferredFrom: values, suiteName: "com.example.fuzz")
    exercise(Preferences(store: InMemoryStore(values), schema: inferred))
    exercise(Preferences(store: InMemoryStore(values), schema: FuzzSchemas.everyKind.addingOtherKeys(from: values)))
    return 0
}

/// What `list`, `get`, `export` and the editor's rows do with every key of a suite.
private func exercise(_ prefs: Preferences) {
    _ = prefs.diagnostics()
    _ = prefs.migrationPlan()
    for key in prefs.schema.keys {
        _ = prefs.text(of: key)
        let json = prefs.json(of: key)
        _ = try? key.storedValue(json: json)
        _ = prefs.isDefault(key)
        _ = prefs.explanation(of: key)
        _ = key.displayText(of: prefs.userStored(key))
        if let stored = prefs.userStored(key) {
            _ = key.problem(with: stored)
            _ = try? key.checkStored(stored)
        }
        for steps in [1, -1, Int.max, Int.min] {
            _ = key.stepped(from: prefs.userStored(key), by: steps)
            _ = key.cycled(from: prefs.userStored(key), by: steps)
        }
    }
}
