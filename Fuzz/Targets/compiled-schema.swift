// Fuzz target compiled-schema: an installed schema's compiled form (`<suite>.compiled`) from its
// bytes, as `get` and `set` read it key by key and `list` and the editor read its whole
// (CompiledSchemaReader), beside a small schema file. The first byte chooses how much of the
// form is made to agree with itself before it is read, so that the search gets past the checks
// into the parts: nothing mended; the header's record of the schema file made the file's (and
// its checksum mended); and that, with each entry's checksum and the whole's mended to what they
// point at (when it lies inside the file). Every reading must end in a schema or a refusal,
// never a crash or a hang; a schema given must hold the setting asked for under its name or an
// old one (the reader never answers with another setting), and a whole's no name twice.
import Foundation
@testable import PrefsModel

private let folder: String = {
    let path = NSTemporaryDirectory() + "compiled-schema-fuzz-\(getpid())"
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}()
private let jsonPath: String = {
    let path = folder + "/s.json"
    try? Data("{\"suite\": \"s\", \"sections\": []}\n".utf8).write(to: URL(fileURLWithPath: path))
    return path
}()
private let names = ["city", "units", "a", "b", "old", "setting00001", "", "\u{0}", "ä"]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let mode = data[0] % 3
    var bytes = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
    if mode >= 1, bytes.count >= CompiledSchema.headerLength, let facts = CompiledSchema.SourceFacts(ofFileAt: jsonPath) {
        for (index, value) in facts.values.enumerated() { put(UInt64(bitPattern: value), at: 16 + 8 * index, in: &bytes) }
        put(UInt64(bytes.count), at: 96, in: &bytes)
        if mode == 2 { mendEntries(&bytes) }
        put(CompiledSchema.checksum(bytes[0..<104]), at: 104, in: &bytes)
    }
    let path = CompiledSchema.path(besideSchemaAt: jsonPath)
    unlink(path)
    guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else { return 0 }
    // The file's facts moved when it was written: the header is mended for the schema file,
    // which is not rewritten, so they still agree.
    guard let reader = try? CompiledSchemaReader(schemaAt: jsonPath) else { return 0 }
    for name in names {
        guard let schema = try? reader.schema(covering: [name], required: name) else { continue }
        let key = schema.setting(storedUnder: name)
        fuzzCheck(key != nil, "the schema read for \(name.debugDescription) does not hold it: \(schema.keys.map(\.name))")
        if let key { fuzzCheck(key.name == name || key.renamedFrom.contains(name), "asked for \(name.debugDescription), got \(key.name)") }
    }
    if let whole = try? reader.wholeSchema() {
        let names = whole.keys.flatMap { [$0.name] + $0.renamedFrom }
        fuzzCheck(Set(names).count == names.count, "a whole read with a name twice: \(names)")
    }
    return 0
}

private func put(_ value: UInt64, at offset: Int, in bytes: inout [UInt8]) {
    for shift in 0..<8 { bytes[offset + shift] = UInt8(truncatingIfNeeded: value >> (8 * shift)) }
}

private func integer(_ bytes: [UInt8], _ at: Int) -> UInt64 {
    (0..<8).reduce(UInt64(0)) { $0 | UInt64(bytes[at + $1]) << (8 * $1) }
}

/// Each entry's checksum made that of the bytes it points at, where they lie in the file; and
/// the skeleton's.
private func mendEntries(_ bytes: inout [UInt8]) {
    func mend(offsetAt: Int, lengthAt: Int, checkAt: Int) {
        let offset = integer(bytes, offsetAt), length = integer(bytes, lengthAt)
        guard offset <= UInt64(bytes.count), length <= UInt64(bytes.count) - offset else { return }
        put(CompiledSchema.checksum(bytes[Int(offset)..<Int(offset + length)]), at: checkAt, in: &bytes)
    }
    mend(offsetAt: 72, lengthAt: 80, checkAt: 88)
    let whole = CompiledSchema.wholeField
    let offset = integer(bytes, whole), length = integer(bytes, whole + 8)
    if offset <= UInt64(bytes.count), length <= UInt64(bytes.count) - offset {
        put(bytes[Int(offset)..<Int(offset + length)].withUnsafeBufferPointer(CompiledSchema.wholeChecksum), at: whole + 16, in: &bytes)
    }
    let count = Int(UInt32(truncatingIfNeeded: integer(bytes, 12)))
    for index in 0..<count {
        let start = CompiledSchema.headerLength + index * CompiledSchema.entryLength
        guard start + CompiledSchema.entryLength <= bytes.count else { break }
        mend(offsetAt: start + 8, lengthAt: start + 16, checkAt: start + 24)
    }
}
