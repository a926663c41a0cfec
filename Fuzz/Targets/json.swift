// Fuzz target json: the JSON reader (JSONScanner through JSONValue(parsing:), from bytes and
// from text), the schema-file readers (PreferenceSchema(jsonData:), which tries the streaming
// reader `streamed(from:)` and falls back to the tree reader `init(json:)`), the rule and type
// readers a schema uses, and the import path of a JSON value into a key (`storedValue(json:)`).
//
// Besides crashes and hangs, these invariants stop the run ("fuzz invariant broken: …"):
// - JSON written by JSONValue.text / prettyText reads back as the same value;
// - bytes that are UTF-8 read the same as bytes and as text;
// - a schema the streaming reader takes is the one the tree reader takes (the contract
//   SchemaReadersTests and the hostile SchemaReaderMutations check on mutated samples);
// - a schema written as JSON (jsonValue, what `prefs-tui schema` prints) reads back the same;
// - the suite `suiteName(declaredIn:)` finds by stepping over a schema file is the suite the
//   schema reads as (commands open it while the schema is being read);
// - the JSON Schema written for a schema (`schema --format json-schema`) is JSON that reads back;
// - the input as an ICU pattern: where PortablePattern translates it, ICU compiles the
//   translation too and, for ASCII text, both match the input and its halves alike.
// The input is also read as a path as typed (`FileSystemPath(parsing:)`, `~user` included).
import Foundation
@testable import PrefsModel

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Data(bytes: data, count: size)
    let fromBytes: JSONValue?
    do { fromBytes = try JSONValue(parsing: bytes) } catch {
        _ = "\(error)" + JSONSyntaxError.detail(of: error)
        fromBytes = nil
    }
    let text = String(decoding: bytes, as: UTF8.self)
    let fromText = try? JSONValue(parsing: text)
    if String(validating: bytes, as: UTF8.self) != nil {
        fuzzCheck(fromBytes == fromText, "UTF-8 bytes read as \(String(describing: fromBytes)) but as text as \(String(describing: fromText))")
    }
    if let value = fromBytes ?? fromText {
        for written in [value.text, value.prettyText] {
            let again = try? JSONValue(parsing: written)
            fuzzCheck(again == value, "\(value) written as \(written) read back as \(String(describing: again))")
        }
        _ = try? RuleDescription(json: value)
        for key in FuzzSchemas.everyKind.keys {
            guard let stored = try? key.storedValue(json: value) else { continue }
            _ = key.text(of: stored)
            _ = key.json(of: stored)
            _ = key.diagnostic(of: stored)
        }
    }

    // Schema files: the public entry, then the two readers side by side.
    let skimmed = PreferenceSchema.suiteName(declaredIn: bytes)
    if let schema = try? PreferenceSchema(jsonData: bytes) {
        checkRoundTrip(schema)
        let written = schema.jsonSchema.prettyText
        fuzzCheck((try? JSONValue(parsing: written)) == schema.jsonSchema, "a JSON Schema written does not read back:\n\(written)")
        // The suite a command opens while the schema is read is the schema's own.
        fuzzCheck(skimmed == schema.suiteName, "the skim found suite \(String(describing: skimmed)) in a schema of \(schema.suiteName)")
    }
    let streamed = bytes.withUnsafeBytes { PreferenceSchema.streamed(from: $0.bindMemory(to: UInt8.self)) }
    let tree = fromBytes.flatMap { try? PreferenceSchema(json: $0) }
    if let streamed {
        fuzzCheck(tree != nil, "the streaming reader took a schema the tree reader refuses")
        fuzzCheck(streamed.jsonValue == tree?.jsonValue, "the two schema readers read different schemas:\n\(streamed.jsonValue.text)\n\(tree?.jsonValue.text ?? "nil")")
    }

    // A type name as a schema's "type" holds it, and a date as `set` takes it.
    if let type = PreferenceType(name: text) {
        fuzzCheck(PreferenceType(name: type.name) == type, "type \(text) named \(type.name) reads back differently")
    }
    if let date = DateText.parse(text) {
        _ = DateText.format(date)
    }
    if let path = try? FileSystemPath(parsing: text) {
        for requirement in PathRequirement.allCases { _ = requirement.refusal(of: path.string) }
    }
    checkPortablePattern(text)
    return 0
}

/// A pattern's translation means what the pattern means, as far as ICU can tell on this input.
private func checkPortablePattern(_ pattern: String) {
    guard pattern.utf8.count <= 256, let original = WholeTextPattern(pattern) else { return }
    let portable = PortablePattern(icu: pattern)
    guard let translated = portable.translated else { return }
    guard let again = WholeTextPattern(translated) else {
        fuzzCheck(false, "ICU compiles /\(pattern)/ but not its translation /\(translated)/")
        return
    }
    guard pattern.utf8.allSatisfy({ $0 < 0x80 }) else { return }
    let half = pattern.count / 2
    for sample in [pattern, String(pattern.prefix(half)), String(pattern.suffix(half)), ""] {
        fuzzCheck(original.matches(sample) == again.matches(sample),
                  "/\(pattern)/ and its translation /\(translated)/ disagree on \(sample.debugDescription)")
    }
}

private func checkRoundTrip(_ schema: PreferenceSchema) {
    let json = schema.jsonValue
    let again: PreferenceSchema
    do { again = try PreferenceSchema(jsonText: json.prettyText) } catch {
        fuzzCheck(false, "a schema's own JSON is refused (\(error)):\n\(json.prettyText)")
        return
    }
    fuzzCheck(again.jsonValue == json, "a schema's JSON read back differently:\n\(json.text)\n\(again.jsonValue.text)")
}
