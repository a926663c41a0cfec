import Foundation

/// Reads an installed schema's compiled form (``CompiledSchema``) key by key: a schema made of
/// the settings a command needs, read with a few `pread`s whatever the schema's size.
///
/// Nothing in the file is trusted. The reader refuses, with a reason, a form that is no
/// regular file, is cut or damaged, was made from another version of the JSON, or whose part
/// does not name the setting asked for; the caller then reads the JSON.
///
/// ```swift
/// let reader = try CompiledSchemaReader(schemaAt: path)
/// let schema = try reader.schema(covering: ["city"])  // nil: a name the schema does not know
/// ```
package final class CompiledSchemaReader {
    /// Why a compiled form cannot be used: one line, naming the file.
    package struct Unusable: Error, CustomStringConvertible {
        package let description: String
        /// Whether there simply is no compiled form (no diagnostic is due: the next full read
        /// makes one), rather than one that cannot be used.
        package var isMissing = false
        /// Whether the form is in another version's format (one an earlier prefs-tui wrote,
        /// before an upgrade): nothing is wrong with it, and the next full read makes it anew
        /// where it may, so no diagnostic is due either.
        package var isOtherFormat = false
    }

    private let descriptor: Int32
    private let path: String
    private let entryCount: Int
    private let fileLength: Int
    private let skeleton: (offset: Int, length: Int, check: UInt64)
    private let whole: (offset: Int, length: Int, check: UInt64)

    /// Opens the compiled form beside the schema file at `jsonPath`. Throws `Unusable` when there
    /// is none (`isMissing`), or when it cannot be used.
    package init(schemaAt jsonPath: String) throws(Unusable) {
        path = CompiledSchema.path(besideSchemaAt: jsonPath)
        // Not following a link, and not waiting on a FIFO: what is named so must be the file.
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard descriptor >= 0 else {
            let isMissing = errno == ENOENT
            let reason = isMissing ? "there is none" : "cannot be opened (\(POSIXFailure.current()))"
            throw Unusable(description: "\(path): \(reason)", isMissing: isMissing)
        }
        self.descriptor = descriptor
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            close(descriptor)
            throw Unusable(description: "\(path): is not a regular file")
        }
        var header = [UInt8](repeating: 0, count: CompiledSchema.headerLength)
        let fields: (count: Int, skeleton: (Int, Int, UInt64), whole: (Int, Int, UInt64), length: Int, source: [Int64])
        do {
            try Self.read(into: &header, at: 0, from: descriptor)
            fields = try Self.checkedHeader(header, fileSize: Int(status.st_size))
        } catch {
            close(descriptor)
            throw Unusable(description: "\(path): \(error.description)", isOtherFormat: error.isOtherFormat)
        }
        guard CompiledSchema.SourceFacts(ofFileAt: jsonPath) == CompiledSchema.SourceFacts(values: fields.source) else {
            close(descriptor)
            throw Unusable(description: "\(path): \(Self.staleReason)")
        }
        // Its size bounded by its schema file's (now known to be the file's own): a form says
        // how long its parts and its whole are, and each is read into memory before its
        // checksum is compared; a sparse file of gigabytes with a mended header would have
        // taken that much memory, where the JSON itself may not pass 16 MB.
        let limit = CompiledSchema.largestLength(forSchemaOf: Int(fields.source[0]))
        guard fields.length <= limit else {
            close(descriptor)
            throw Unusable(description: "\(path): is \(fields.length) bytes long, more than the \(limit) a form of a \(fields.source[0])-byte schema file takes")
        }
        entryCount = fields.count
        fileLength = fields.length
        skeleton = fields.skeleton
        whole = fields.whole
    }

    deinit { close(descriptor) }

    /// Said when the JSON changed after the form was made.
    package static let staleReason = "made from an earlier version of the schema file"

    /// A schema of the settings named in `names` (by their names or old names), and of those
    /// their conditions and rules read, with the rest of the schema as it is (title, suite,
    /// version, retired names, the rules among them). Names the schema does not know are left
    /// out; nil when `required` is among them (the caller reads the whole schema, whose
    /// suggestions the person then sees).
    package func schema(covering names: Set<String>, required: String) throws(Unusable) -> PreferenceSchema? {
        var parts: [String: Part] = [:]
        var toVisit = Array(names)
        var visited = Set<String>()
        while let name = toVisit.popLast() {
            guard visited.insert(name).inserted else { continue }
            guard let part = try part(named: name) else {
                if name == required { return nil }
                continue
            }
            parts[part.names[0]] = part
            visited.formUnion(part.names)
            toVisit += part.needs.filter { !visited.contains($0) }
        }
        var skeleton = Cursor(bytes: try bytes(at: skeleton.offset, length: skeleton.length, check: skeleton.check, what: "its skeleton"),
                              what: "its skeleton", path: path)
        var document = try skeleton.text()
        // The rules among the settings held: another rule names a setting that is not.
        var rules: [[UInt8]] = []
        for part in parts.values {
            for rule in part.rules where parts[rule.low] != nil && parts[rule.high] != nil && !rules.contains(rule.text) {
                rules.append(rule.text)
            }
        }
        if !rules.isEmpty { document += Array(#","rules":["#.utf8) + rules.joined(separator: [UInt8(ascii: ",")]) + [UInt8(ascii: "]")] }
        document += Array(#","sections":["#.utf8)
        var section = -1
        for part in parts.values.sorted(by: { $0.place < $1.place }) {
            if part.section != section {
                if section >= 0 { document += Array("]},".utf8) }
                document += Array(#"{"name":"#.utf8) + part.sectionName + Array(#","settings":["#.utf8)
                section = part.section
            } else {
                document.append(UInt8(ascii: ","))
            }
            document += part.setting
        }
        if section >= 0 { document += Array("]}".utf8) }
        document += Array("]}".utf8)
        let schema: PreferenceSchema
        do {
            schema = try PreferenceSchema(jsonData: Data(document))
        } catch {
            throw Unusable(description: "\(path): its parts do not make a schema (\(error))")
        }
        // Each setting read is the one its part names, under the same old names, and there is
        // no other: a part's text that declared another setting, or spliced in more, would
        // answer for a setting it is not.
        guard schema.keys.count == parts.count, schema.rules.count == rules.count else {
            throw Unusable(description: "\(path): its parts declare settings or rules they do not name")
        }
        for part in parts.values {
            guard let key = schema.key(named: part.names[0]), key.renamedFrom == Array(part.names.dropFirst()) else {
                throw Unusable(description: "\(path): the part of \(part.names[0].quotedForMessage) is another setting's")
            }
        }
        return schema
    }

    /// The whole schema, every setting, from the form's whole (``CompiledSchema``): what
    /// reading the JSON gives, without scanning its text (at 10,000 settings, 114 M
    /// instructions of `list`'s 254 M were that). Throws `Unusable` for a whole that is damaged,
    /// cut, or does not make a schema the JSON reader would accept; the caller reads the JSON.
    ///
    /// ```swift
    /// let schema = try CompiledSchemaReader(schemaAt: path).wholeSchema()
    /// ```
    package func wholeSchema() throws(Unusable) -> PreferenceSchema {
        var skeletonCursor = Cursor(bytes: try bytes(at: skeleton.offset, length: skeleton.length, check: skeleton.check, what: "its skeleton"),
                                    what: "its skeleton", path: path)
        let document: SchemaMembers
        do {
            guard case .object(let members) = try JSONValue(parsing: Data(try skeletonCursor.text() + [UInt8(ascii: "}")])),
                  members["sections"] == nil, members["rules"] == nil else {
                throw Unusable(description: "\(path): its skeleton is no schema's")
            }
            document = SchemaMembers(members: members.map { ($0.key, $0.value) })
        } catch let unusable as Unusable {
            throw unusable
        } catch {
            throw Unusable(description: "\(path): its skeleton is no schema's (\(error))")
        }
        let bytes = try bytes(at: whole.offset, length: whole.length, check: whole.check, what: "its whole", checksum: CompiledSchema.wholeChecksum)
        let schema: PreferenceSchema?
        do {
            schema = try bytes.withUnsafeBufferPointer { try Self.schema(fromWhole: $0, document: document) }
        } catch let fault as CompiledCursor.Fault {
            throw Unusable(description: "\(path): its whole is damaged (\(fault.reason))")
        } catch {
            throw Unusable(description: "\(path): its whole does not make a schema")
        }
        guard let schema else { throw Unusable(description: "\(path): its whole does not make a schema") }
        return schema
    }

    /// The schema of a whole's bytes (its rules, sections and settings) and the skeleton's members.
    private static func schema(fromWhole bytes: UnsafeBufferPointer<UInt8>, document: SchemaMembers) throws -> PreferenceSchema? {
        var cursor = CompiledCursor(bytes)
        var document = document
        let rules = try cursor.text()
        if !rules.isEmpty { document.members.append(("rules", try JSONValue(parsing: rules))) }
        var sections: [String] = []
        for _ in 0 ..< (try cursor.count(ofAtLeast: 4)) { sections.append(try cursor.text()) }
        // A setting takes at least its section's number and its count of fields.
        let count = try cursor.count(ofAtLeast: 5)
        var reader = StreamedKeys(expectedCount: count)
        var entry = SchemaEntry()
        for _ in 0..<count {
            let section = try cursor.count()
            guard section < sections.count else { throw CompiledCursor.Fault(reason: "a setting in section \(section) of \(sections.count)") }
            entry.removeAll()
            try readSetting(&cursor, into: &entry)
            try reader.add(entry, section: sections[section])
        }
        guard cursor.isAtEnd else { throw CompiledCursor.Fault(reason: "bytes after its last setting") }
        guard let schema = try PreferenceSchema.assembled(document: document, keys: reader), schema.keys.count == count else { return nil }
        return schema
    }

    /// One setting's fields (``CompiledSchema``'s spelling), as the streamed JSON reader takes
    /// them: each a field a setting has, given once; a rule that is an object as its fields,
    /// each a rule's, given once.
    private static func readSetting(_ cursor: inout CompiledCursor, into entry: inout SchemaEntry) throws(CompiledCursor.Fault) {
        for _ in 0 ..< (try cursor.byte()) {
            let number = try cursor.byte()
            guard let field = SchemaEntry.Field(rawValue: Int(number & ~CompiledSchema.ruleFieldsMark)),
                  entry[field] == nil, field != .rule || entry.ruleMembers == nil,
                  number & CompiledSchema.ruleFieldsMark == 0 || field == .rule else {
                throw CompiledCursor.Fault(reason: "a setting with a field no setting has, or one given twice")
            }
            guard number & CompiledSchema.ruleFieldsMark != 0 else {
                entry.set(field, try cursor.value(inside: CompiledCursor.settingDepth))
                continue
            }
            entry.beginRule()
            for _ in 0 ..< (try cursor.byte()) {
                let place = Int(try cursor.byte())
                guard place < SchemaEntry.ruleNames.count, entry.addRuleField(SchemaEntry.ruleNames[place], try cursor.value(inside: CompiledCursor.settingDepth + 1)) else {
                    throw CompiledCursor.Fault(reason: "a rule with a field no rule has, or one given twice")
                }
            }
        }
    }

    /// One setting's part: its section's number, its place in the schema, its names (its own
    /// first), the names it needs, and its JSON text.
    private struct Part {
        var section: Int
        var sectionName: [UInt8]
        var place: Int
        var names: [String]
        var needs: [String]
        var rules: [(low: String, high: String, text: [UInt8])]
        var setting: [UInt8]
    }

    /// The part of the setting named `name` (or one of its old names), or nil when no entry
    /// has its hash. Entries of one hash are tried in turn: a part must name `name`.
    private func part(named name: String) throws(Unusable) -> Part? {
        let hash = CompiledSchema.checksum(name.utf8)
        // The first entry whose hash is not below the name's.
        var low = 0, high = entryCount
        while low < high {
            let middle = (low + high) / 2
            if try entry(middle).hash < hash { low = middle + 1 } else { high = middle }
        }
        var index = low
        while index < entryCount {
            let entry = try entry(index)
            guard entry.hash == hash else { break }
            let what = "the part of \(name.quotedForMessage)"
            var cursor = Cursor(bytes: try bytes(at: entry.offset, length: entry.length, check: entry.check, what: what), what: what, path: path)
            let section = try cursor.count(), sectionName = try cursor.text(), place = try cursor.count()
            let names = try cursor.texts().map { String(decoding: $0, as: UTF8.self) }
            let needs = try cursor.texts().map { String(decoding: $0, as: UTF8.self) }
            let ruleTexts = try cursor.texts()
            let rules = stride(from: 0, to: ruleTexts.count - 2, by: 3).map { index in
                (String(decoding: ruleTexts[index], as: UTF8.self), String(decoding: ruleTexts[index + 1], as: UTF8.self), ruleTexts[index + 2])
            }
            let setting = try cursor.text()
            if names.contains(name) {
                return Part(section: section, sectionName: sectionName, place: place, names: names, needs: needs, rules: rules, setting: setting)
            }
            index += 1
        }
        return nil
    }

    /// Reads counted texts and counts from a part, never past its end.
    private struct Cursor {
        let bytes: [UInt8]
        let what: String
        let path: String
        var index = 0

        mutating func count() throws(Unusable) -> Int {
            guard bytes.count - index >= 4 else { throw Unusable(description: "\(path): \(what) is cut short") }
            defer { index += 4 }
            return (0..<4).reduce(0) { $0 | Int(bytes[index + $1]) << (8 * $1) }
        }

        /// A count, then that many texts: a count no part could hold is refused before any is read.
        mutating func texts() throws(Unusable) -> [[UInt8]] {
            let count = try count()
            guard count <= (bytes.count - index) / 4 else { throw Unusable(description: "\(path): \(what) is cut short") }
            var texts: [[UInt8]] = []
            for _ in 0..<count { texts.append(try text()) }
            return texts
        }

        mutating func text() throws(Unusable) -> [UInt8] {
            let length = try count()
            guard bytes.count - index >= length else { throw Unusable(description: "\(path): \(what) is cut short") }
            defer { index += length }
            return Array(bytes[index ..< index + length])
        }
    }

    private func entry(_ index: Int) throws(Unusable) -> (hash: UInt64, offset: Int, length: Int, check: UInt64) {
        var bytes = [UInt8](repeating: 0, count: CompiledSchema.entryLength)
        do { try Self.read(into: &bytes, at: CompiledSchema.headerLength + index * CompiledSchema.entryLength, from: descriptor) } catch {
            throw Unusable(description: "\(path): \(error.description)")
        }
        let offset = Self.integer(bytes, 8), length = Self.integer(bytes, 16)
        guard Self.isInside(offset: offset, length: length, fileLength: fileLength, entries: entryCount) else {
            throw Unusable(description: "\(path): entry \(index) points outside its parts")
        }
        return (Self.integer(bytes, 0), Int(offset), Int(length), Self.integer(bytes, 24))
    }

    private func bytes(at offset: Int, length: Int, check: UInt64, what: String,
                       checksum: (UnsafeBufferPointer<UInt8>) -> UInt64 = CompiledSchema.checksum) throws(Unusable) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: length)
        do { try Self.read(into: &bytes, at: offset, from: descriptor) } catch {
            throw Unusable(description: "\(path): \(error.description)")
        }
        guard bytes.withUnsafeBufferPointer(checksum) == check else {
            throw Unusable(description: "\(path): \(what) is damaged (its checksum differs)")
        }
        return bytes
    }

    private static func checkedHeader(_ header: [UInt8], fileSize: Int) throws(Unusable)
        -> (count: Int, skeleton: (Int, Int, UInt64), whole: (Int, Int, UInt64), length: Int, source: [Int64]) {
        guard Array(header[0..<8]) == CompiledSchema.magic else { throw Unusable(description: "is no compiled schema") }
        let version = UInt32(truncatingIfNeeded: integer(header, 8))
        guard version == CompiledSchema.formatVersion else {
            throw Unusable(description: "is in format \(version), not \(CompiledSchema.formatVersion)", isOtherFormat: true)
        }
        guard CompiledSchema.checksum(header[0..<104]) == integer(header, 104) else {
            throw Unusable(description: "its header is damaged (its checksum differs)")
        }
        let count = Int(UInt32(truncatingIfNeeded: integer(header, 12)))
        let length = integer(header, 96)
        guard length == UInt64(fileSize) else { throw Unusable(description: "is \(fileSize) bytes long, not the \(length) it says") }
        let partsStart = UInt64(CompiledSchema.headerLength) + UInt64(count) * UInt64(CompiledSchema.entryLength)
        guard partsStart <= length else { throw Unusable(description: "is too short for its \(count) entries") }
        let offset = integer(header, 72), skeletonLength = integer(header, 80)
        guard isInside(offset: offset, length: skeletonLength, fileLength: Int(length), entries: count) else {
            throw Unusable(description: "its skeleton lies outside the file")
        }
        let wholeOffset = integer(header, CompiledSchema.wholeField), wholeLength = integer(header, CompiledSchema.wholeField + 8)
        guard isInside(offset: wholeOffset, length: wholeLength, fileLength: Int(length), entries: count) else {
            throw Unusable(description: "its whole lies outside the file")
        }
        let source = (0..<7).map { Int64(bitPattern: integer(header, 16 + 8 * $0)) }
        return (count, (Int(offset), Int(skeletonLength), integer(header, 88)),
                (Int(wholeOffset), Int(wholeLength), integer(header, CompiledSchema.wholeField + 16)), Int(length), source)
    }

    /// Whether a part lies between the entries' end and the file's end (no overflow).
    private static func isInside(offset: UInt64, length: UInt64, fileLength: Int, entries: Int) -> Bool {
        let partsStart = UInt64(CompiledSchema.headerLength) + UInt64(entries) * UInt64(CompiledSchema.entryLength)
        return offset >= partsStart && offset <= UInt64(fileLength) && length <= UInt64(fileLength) - offset
    }

    private static func integer<Bytes: Collection>(_ bytes: Bytes, _ at: Int) -> UInt64 where Bytes.Element == UInt8, Bytes.Index == Int {
        var value: UInt64 = 0
        for shift in 0..<8 { value |= UInt64(bytes[bytes.startIndex + at + shift]) << (8 * shift) }
        return value
    }

    /// Reads exactly `bytes.count` bytes at `offset`; a short read is a cut file.
    private static func read(into bytes: inout [UInt8], at offset: Int, from descriptor: Int32) throws(Unusable) {
        let wanted = bytes.count
        var done = 0
        while done < wanted {
            let count = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress! + done, wanted - done, off_t(offset + done)) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { throw Unusable(description: count == 0 ? "is cut short" : "cannot be read (\(POSIXFailure.current()))") }
            done += count
        }
    }
}
