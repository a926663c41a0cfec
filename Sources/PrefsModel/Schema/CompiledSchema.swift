import Foundation

/// The compiled form of an installed schema, written beside it as `<suite>.compiled`, as
/// `glib-compile-schemas` writes `gschemas.compiled`: each setting's part of the schema apart,
/// found by its name without reading the others. A command that asks for one key (`get`, `set`)
/// then costs what that key costs, not what the schema costs: at 50,000 settings reading the
/// whole JSON was 25 times a 10-setting `get`.
///
/// The file is input like any other, and ``CompiledSchemaReader`` trusts none of it: every
/// offset is checked against the file's length, every part against its own checksum, and a
/// part must name the setting asked for. A form made from another version of the JSON (its
/// size, inode, modification or change time differ) is stale. Either way the caller reads the
/// JSON instead, and says why.
///
/// Layout, integers little-endian:
///
/// | bytes | what |
/// |---|---|
/// | 0–7 | `PTSCHEMA` |
/// | 8–11 | the format's version (2) |
/// | 12–15 | the number of entries |
/// | 16–71 | the JSON file's size, inode, device, modification and change times (s, ns) |
/// | 72–95 | the skeleton: offset, length, checksum |
/// | 96–103 | the whole file's length |
/// | 104–111 | the checksum of bytes 0–103 |
/// | 112–135 | the whole: offset, length, checksum (``wholeChecksum(_:)``) |
/// | 136… | entries, 32 bytes each, by name hash: name hash, part offset, length, checksum |
/// | then | the skeleton, the parts and the whole |
///
/// Every text in them is counted (a 4-byte length, then its UTF-8 bytes). The skeleton is the
/// schema file's text without its settings and rules, its closing brace left off (title, suite,
/// version, retired names, project file). A part: the section's number and name (as a JSON
/// string), the setting's place in the schema, its names (its own, then its old ones), the
/// names its condition and its rules read (which a schema of a few settings must hold too), its
/// rules across settings (each as its two names and its JSON text), and its JSON text. An entry
/// is made for each of the setting's names. Nothing in the file grows with the schema but the
/// entries, which a reader finds by halving: it splices the texts of the parts it needs into
/// the skeleton and reads that as any schema file, and builds no JSON.
///
/// The whole is for a command that needs every setting (`list`, the editor): the document's
/// rules as JSON text, the sections' names, and each setting's section number and fields in
/// ``CompiledValue``'s binary spelling, in the schema's order, read in one piece without
/// scanning JSON (the skeleton gives the rest). Its triple is outside the header's checksum:
/// a damaged one points at bytes whose checksum is not the one it names, or outside the file
/// (read before they are summed, so a form is refused unread when it is longer than a form of
/// its schema file can be, ``largestLength(forSchemaOf:)``).
package enum CompiledSchema {
    static let magic = Array("PTSCHEMA".utf8)
    static let formatVersion: UInt32 = 2
    static let headerLength = 136
    /// Where the whole's offset, length and checksum are.
    static let wholeField = 112
    static let entryLength = 32

    /// The compiled form's path for the schema file at `jsonPath` (`x.json` → `x.compiled`).
    ///
    /// ```swift
    /// CompiledSchema.path(besideSchemaAt: "/usr/share/prefs-tui/schemas/s.json")  // "/usr/share/prefs-tui/schemas/s.compiled"
    /// ```
    package static func path(besideSchemaAt jsonPath: String) -> String {
        (jsonPath.hasSuffix(".json") ? String(jsonPath.dropLast(5)) : jsonPath) + ".compiled"
    }

    /// What identifies one version of the JSON file: a form records these, and is stale when
    /// the file's differ. The change time is set by the kernel on every write and cannot be set
    /// back by any tool (`cp -p` and `touch -d` set the modification time only).
    package struct SourceFacts: Equatable, Sendable {
        var values: [Int64]

        /// The facts of the file at `path` (links followed), or nil when it cannot be looked at.
        package init?(ofFileAt path: String) {
            var status = stat()
            guard stat(path, &status) == 0 else { return nil }
            values = [Int64(status.st_size), Int64(bitPattern: UInt64(status.st_ino)), Int64(bitPattern: UInt64(status.st_dev)),
                      Int64(status.st_mtim.tv_sec), Int64(status.st_mtim.tv_nsec),
                      Int64(status.st_ctim.tv_sec), Int64(status.st_ctim.tv_nsec)]
        }

        init(values: [Int64]) { self.values = values }
    }

    /// FNV-1a, 64 bits: the entries' name hash and each part's checksum (a check against
    /// damage and cut files, not against someone who writes a matching sum: the part must
    /// still name the setting asked for, and is read by the same parser as any schema file).
    static func checksum<Bytes: Sequence>(_ bytes: Bytes) -> UInt64 where Bytes.Element == UInt8 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        return hash
    }

    /// The most bytes a form of a schema file of `jsonLength` bytes may have. A form is about
    /// 1.4 times its schema (a part's JSON text and the whole's binary spelling of each
    /// setting); the worst a schema file can do is choices of one letter written as bare text,
    /// which both spell as objects with a title, about 15 times; twice that, and a megabyte
    /// for the header and a schema of a few settings.
    static func largestLength(forSchemaOf jsonLength: Int) -> Int {
        32 * max(jsonLength, 0) + (1 << 20)
    }

    /// The whole's checksum, eight bytes a step (FNV-1a's step over words, each product folded
    /// down): a byte at a time, summing the 2 MB of a 10,000-setting whole was 10 M
    /// instructions.
    static func wholeChecksum(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        var index = 0
        if let base = bytes.baseAddress {
            while index + 8 <= bytes.count {
                hash = (hash ^ UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))) &* 0x0000_0100_0000_01b3
                hash ^= hash >> 29
                index += 8
            }
        }
        while index < bytes.count {
            hash = (hash ^ UInt64(bytes[index])) &* 0x0000_0100_0000_01b3
            index += 1
        }
        return hash
    }

    /// The whole of `schema` (see the layout): its rules' JSON text (empty for none), its
    /// sections' names, and each setting of the schema's own as its section's number and its
    /// fields (``appendFields(of:to:)``). Nil if a setting has a field no schema file has.
    static func whole(of schema: PreferenceSchema, rules: JSONValue?) -> [UInt8]? {
        var bytes: [UInt8] = []
        CompiledValue.appendText(rules?.text ?? "", to: &bytes)
        CompiledValue.appendCount(schema.sections.count, to: &bytes)
        for section in schema.sections { CompiledValue.appendText(section.name, to: &bytes) }
        let count = schema.sections.reduce(0) { $0 + $1.keys.count { $0.isDescribedBySchema } }
        CompiledValue.appendCount(count, to: &bytes)
        for (index, section) in schema.sections.enumerated() {
            for key in section.keys where key.isDescribedBySchema {
                CompiledValue.appendCount(index, to: &bytes)
                guard appendFields(of: PreferenceSchema.json(of: key), to: &bytes) else { return nil }
            }
        }
        return bytes
    }

    /// Marks a rule written as its fields (``appendFields(of:to:)``).
    static let ruleFieldsMark: UInt8 = 0x80

    /// A setting's fields: their count (a byte), then each field's number
    /// (``SchemaEntry/Field``) and value (``CompiledValue``); a rule that is an object is its
    /// field's number marked with ``ruleFieldsMark``, then its own fields' count and each one's
    /// place among ``SchemaEntry/ruleNames`` and value. Numbers, not names: finding each name in
    /// a list was a fifth of reading a setting. False for a name no schema file has.
    private static func appendFields(of setting: JSONValue, to bytes: inout [UInt8]) -> Bool {
        guard case .object(let fields) = setting else { return false }
        bytes.append(UInt8(fields.count))
        for (name, value) in fields.sorted(by: { $0.key < $1.key }) {
            guard let field = SchemaEntry.Field(name: name) else { return false }
            guard field == .rule, case .object(let ruleFields) = value else {
                bytes.append(UInt8(field.rawValue))
                CompiledValue.append(value, to: &bytes)
                continue
            }
            bytes.append(UInt8(field.rawValue) | ruleFieldsMark)
            bytes.append(UInt8(ruleFields.count))
            for (ruleName, ruleValue) in ruleFields.sorted(by: { $0.key < $1.key }) {
                guard let place = SchemaEntry.ruleNames.firstIndex(of: ruleName) else { return false }
                bytes.append(UInt8(place))
                CompiledValue.append(ruleValue, to: &bytes)
            }
        }
        return true
    }

    /// The compiled form of `schema`, made from the JSON file whose facts are `source`.
    static func bytes(of schema: PreferenceSchema, source: SourceFacts) -> [UInt8]? {
        guard case .object(var members) = schema.jsonValue else { return nil }
        members["sections"] = nil
        guard let whole = whole(of: schema, rules: members.removeValue(forKey: "rules")) else { return nil }
        var skeleton: [UInt8] = []
        appendText(Array(JSONValue.object(members).text.utf8.dropLast()), to: &skeleton)
        let pairs = schema.rules.compactMap(\.orderedPair)
        var parts: [[UInt8]] = [skeleton]
        var entries: [(hash: UInt64, part: Int)] = []
        var place: UInt32 = 0
        for (sectionIndex, section) in schema.sections.enumerated() {
            for key in section.keys where key.isDescribedBySchema {
                let names = [key.name] + key.renamedFrom
                let needs = Set((key.inUseCondition?.requirements ?? []).map(\.key)
                    + pairs.filter { $0.low == key.name || $0.high == key.name }.flatMap { [$0.low, $0.high] })
                    .subtracting([key.name]).sorted()
                var part: [UInt8] = []
                append(UInt32(sectionIndex), to: &part)
                appendText(Array(JSONValue.string(section.name).text.utf8), to: &part)
                append(place, to: &part)
                append(UInt32(names.count), to: &part)
                for name in names { appendText(Array(name.utf8), to: &part) }
                append(UInt32(needs.count), to: &part)
                for name in needs { appendText(Array(name.utf8), to: &part) }
                let rules = pairs.filter { $0.low == key.name || $0.high == key.name }
                append(UInt32(rules.count * 3), to: &part)
                for pair in rules {
                    appendText(Array(pair.low.utf8), to: &part)
                    appendText(Array(pair.high.utf8), to: &part)
                    let rule = JSONValue.object(["ordered": .array([.string(pair.low), .string(pair.high)])])
                    appendText(Array(rule.text.utf8), to: &part)
                }
                appendText(Array(PreferenceSchema.json(of: key).text.utf8), to: &part)
                parts.append(part)
                for name in names { entries.append((checksum(name.utf8), parts.count - 1)) }
                place += 1
            }
        }
        entries.sort { $0.hash < $1.hash }
        var offsets: [Int] = []
        var offset = headerLength + entries.count * entryLength
        for part in parts {
            offsets.append(offset)
            offset += part.count
        }
        let wholeOffset = offset
        offset += whole.count
        var out: [UInt8] = []
        out.reserveCapacity(offset)
        out += magic
        append(UInt32(formatVersion), to: &out)
        append(UInt32(entries.count), to: &out)
        for value in source.values { append(UInt64(bitPattern: value), to: &out) }
        append(UInt64(offsets[0]), to: &out)
        append(UInt64(parts[0].count), to: &out)
        append(checksum(parts[0]), to: &out)
        append(UInt64(offset), to: &out)
        append(checksum(out), to: &out)
        append(UInt64(wholeOffset), to: &out)
        append(UInt64(whole.count), to: &out)
        append(whole.withUnsafeBufferPointer(wholeChecksum), to: &out)
        for entry in entries {
            append(entry.hash, to: &out)
            append(UInt64(offsets[entry.part]), to: &out)
            append(UInt64(parts[entry.part].count), to: &out)
            append(checksum(parts[entry.part]), to: &out)
        }
        for part in parts { out += part }
        out += whole
        return out
    }

    private static func appendText(_ text: [UInt8], to bytes: inout [UInt8]) {
        append(UInt32(text.count), to: &bytes)
        bytes += text
    }

    private static func append<Integer: FixedWidthInteger>(_ value: Integer, to bytes: inout [UInt8]) {
        withUnsafeBytes(of: value.littleEndian) { bytes += $0 }
    }

    /// Makes the compiled form of `schema`, read from `jsonPath` when the file's facts were
    /// `source`, where it is missing or was made from another version of the file and the
    /// folder is writable by this user (a package's installer copies only the JSON); anything
    /// else is left as it is. A failure is no error: readers then read the JSON, as they did.
    ///
    /// ```swift
    /// let source = CompiledSchema.SourceFacts(ofFileAt: path)   // before reading it
    /// CompiledSchema.refresh(for: schema, schemaAt: path, madeFrom: source)
    /// ```
    package static func refresh(for schema: PreferenceSchema, schemaAt jsonPath: String, madeFrom source: SourceFacts?) {
        let folder = (jsonPath as NSString).deletingLastPathComponent
        guard let source, access(folder.isEmpty ? "." : folder, W_OK) == 0 else { return }
        do { _ = try CompiledSchemaReader(schemaAt: jsonPath) } catch {
            try? write(for: schema, schemaAt: jsonPath, madeFrom: source)
        }
    }

    /// Removes the compiled form beside the schema file at `jsonPath` (one found unusable),
    /// where its folder is writable by this user; readers then read the JSON until it is made
    /// anew (``refresh(for:schemaAt:)``).
    ///
    /// ```swift
    /// CompiledSchema.remove(besideSchemaAt: path)
    /// ```
    package static func remove(besideSchemaAt jsonPath: String) {
        let folder = (jsonPath as NSString).deletingLastPathComponent
        guard access(folder.isEmpty ? "." : folder, W_OK) == 0 else { return }
        unlink(path(besideSchemaAt: jsonPath))
    }

    /// Writes the compiled form of `schema` beside its JSON file at `jsonPath`, recording the
    /// facts the file had when it was read (`source`): if the file has changed since (another
    /// program installed it again), nothing is written, and a form written as it changes records
    /// the version it was made from, so it reads as stale. Replaced whole or not at all; what
    /// stands there and is no regular file (a FIFO a write would hang on, a link) is removed first.
    ///
    /// ```swift
    /// try CompiledSchema.write(for: schema, schemaAt: path, madeFrom: source)
    /// ```
    package static func write(for schema: PreferenceSchema, schemaAt jsonPath: String, madeFrom source: SourceFacts) throws {
        guard let bytes = bytes(of: schema, source: source), SourceFacts(ofFileAt: jsonPath) == source else { return }
        let path = path(besideSchemaAt: jsonPath)
        var status = stat()
        if lstat(path, &status) == 0, status.st_mode & S_IFMT != S_IFREG { unlink(path) }
        try OutputFile.write(Data(bytes), to: path)
        chmod(path, 0o644)
    }
}
