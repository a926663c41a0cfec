import Foundation
import PrefsTestSupport
import Testing
@testable import PrefsModel

/// An installed schema's compiled form (issue 55): a schema of the settings asked for, read
/// without the rest; and a form that is cut, damaged or stale is refused with a reason, never
/// answered from.
@Suite("The compiled form of an installed schema")
struct CompiledSchemaReaderTests {
    static let schemaText = SchemaSamples.dependingOnEachOther

    /// The schema file and its compiled form, installed into a folder of their own.
    private func installed() throws -> (folder: TemporaryDirectory, json: String, schema: PreferenceSchema) {
        let folder = TemporaryDirectory()
        let schema = try PreferenceSchema(jsonText: Self.schemaText)
        let json = try schema.install(into: folder.path)
        return (folder, json, schema)
    }

    private func compiledBytes(_ json: String) throws -> [UInt8] {
        try [UInt8](Data(contentsOf: URL(fileURLWithPath: CompiledSchema.path(besideSchemaAt: json))))
    }

    private func writeCompiled(_ bytes: [UInt8], beside json: String) throws {
        try Data(bytes).write(to: URL(fileURLWithPath: CompiledSchema.path(besideSchemaAt: json)))
    }

    @Test func aSettingComesWithWhatItsConditionAndRulesReadAndNothingElse() throws {
        let (folder, json, whole) = try installed()
        _ = folder
        let reader = try CompiledSchemaReader(schemaAt: json)

        let speed = try #require(try reader.schema(covering: ["speed"], required: "speed"))
        let low = try #require(try reader.schema(covering: ["low"], required: "low"))
        let byOldName = try #require(try reader.schema(covering: ["town"], required: "town"))

        #expect(speed.keys.map(\.name) == ["units", "speed"])
        #expect(low.keys.map(\.name) == ["low", "high"])
        #expect(low.rules.count == 1)
        #expect(speed.rules.isEmpty)
        #expect(byOldName.keys.map(\.name) == ["city"])
        #expect(speed.suiteName == whole.suiteName && speed.title == whole.title && speed.version == whole.version)
        #expect(speed.retiredKeys == ["gone"])
        #expect(speed.sections.map(\.name) == ["One", "Two"])
        #expect(try reader.schema(covering: ["nosuch"], required: "nosuch") == nil)
        for key in whole.keys {
            let part = try #require(try reader.schema(covering: [key.name], required: key.name))
            #expect(PreferenceSchema.json(of: try #require(part.key(named: key.name))) == PreferenceSchema.json(of: key))
        }
    }

    @Test func aFormMadeFromAnEarlierSchemaFileIsStale() throws {
        let (folder, json, _) = try installed()
        _ = folder
        let text = try String(contentsOfFile: json, encoding: .utf8)

        try text.replacingOccurrences(of: "Oslo", with: "Bergen").write(toFile: json, atomically: false, encoding: .utf8)

        #expect {
            _ = try CompiledSchemaReader(schemaAt: json)
        } throws: { error in
            "\(error)".contains(CompiledSchemaReader.staleReason)
        }
    }

    /// A reader that read the JSON, then found it replaced by another program before making the
    /// form: a form of what it read, recorded as the new file, would answer the old schema's
    /// values as fresh. It makes none.
    @Test func aSchemaFileReplacedAfterItWasReadGetsNoFormOfTheOldOne() throws {
        let (folder, json, old) = try installed()
        _ = folder
        unlink(CompiledSchema.path(besideSchemaAt: json))
        let readAs = try #require(CompiledSchema.SourceFacts(ofFileAt: json))
        let newer = Self.schemaText.replacingOccurrences(of: "\"Oslo\"", with: "\"Bergen\"")
        try newer.write(toFile: json + ".new", atomically: false, encoding: .utf8)
        #expect(rename(json + ".new", json) == 0)

        CompiledSchema.refresh(for: old, schemaAt: json, madeFrom: readAs)

        #expect(throws: CompiledSchemaReader.Unusable.self) { _ = try CompiledSchemaReader(schemaAt: json) }
    }

    @Test func noneThereIsMissingAndNotAFault() throws {
        let folder = TemporaryDirectory()
        let json = folder.file("s.json")
        try Data("{}".utf8).write(to: URL(fileURLWithPath: json))

        #expect {
            _ = try CompiledSchemaReader(schemaAt: json)
        } throws: { error in
            (error as? CompiledSchemaReader.Unusable)?.isMissing == true
        }
    }

    /// Every cut length and every single changed byte: each reading either is refused or gives
    /// the very setting asked for, as the whole schema declares it.
    @Test func aCutOrDamagedFormIsRefusedOrAnswersRightNeverWithAnotherSetting() throws {
        let (folder, json, whole) = try installed()
        _ = folder
        let good = try compiledBytes(json)
        let names = whole.keys.map(\.name) + ["town"]
        var refused = 0, answered = 0
        func check(_ bytes: [UInt8], _ what: String) throws {
            try writeCompiled(bytes, beside: json)
            guard let reader = try? CompiledSchemaReader(schemaAt: json) else { refused += 1; return }
            for name in names {
                guard let part = try? reader.schema(covering: [name], required: name) else { refused += 1; continue }
                answered += 1
                let key = try #require(part.setting(storedUnder: name), "\(what): \(name) not in \(part.keys.map(\.name))")
                let declared = try #require(whole.setting(storedUnder: name))
                #expect(PreferenceSchema.json(of: key) == PreferenceSchema.json(of: declared), "\(what): \(name)")
            }
        }

        for length in stride(from: 0, to: good.count, by: 7) { try check(Array(good.prefix(length)), "cut at \(length)") }
        for index in good.indices {
            var damaged = good
            damaged[index] ^= 0x5A
            try check(damaged, "byte \(index) changed")
        }

        #expect(refused > good.count)
        #expect(answered > 0)
    }

    /// Entries made to point at another setting's part, with checksums that match it: the part
    /// must name the setting asked for, so the reader answers no other.
    @Test func entriesPointingAtAnotherSettingsPartAreNotAnsweredFrom() throws {
        let (folder, json, _) = try installed()
        _ = folder
        var bytes = try compiledBytes(json)
        let count = Int(bytes[12])
        let entry = { (index: Int) in CompiledSchema.headerLength + index * CompiledSchema.entryLength }
        // Every entry points at the first entry's part (offset, length, checksum).
        let first = Array(bytes[entry(0) + 8 ..< entry(0) + 32])
        for index in 1..<count { bytes.replaceSubrange(entry(index) + 8 ..< entry(index) + 32, with: first) }
        try writeCompiled(bytes, beside: json)
        let reader = try CompiledSchemaReader(schemaAt: json)

        let answers = try ["city", "units", "speed", "low", "high", "token", "town"].map { name in
            try reader.schema(covering: [name], required: name).flatMap { $0.setting(storedUnder: name)?.name }
        }

        // One name (the first entry's) is still answered; no other is answered with its part.
        #expect(answers.compactMap { $0 }.count <= 2)
        for (name, answer) in zip(["city", "units", "speed", "low", "high", "token", "town"], answers) {
            if let answer { #expect(answer == name || (name == "town" && answer == "city")) }
        }
    }

    /// A part whose names say one setting and whose text declares another (or splices in a
    /// second), with every checksum made to match: the reader answers neither.
    @Test func aPartWhoseTextDeclaresAnotherSettingIsRefused() throws {
        let (folder, json, _) = try installed()
        _ = folder
        let good = try compiledBytes(json)
        for (from, to) in [(#""key":"speed""#, #""key":"spedd""#),
                           (#""title":"Speed""#, #""title":"Speed"},{"key":"x","type":"int","default":1,"title":"X""#)] {
            var bytes = good
            let text = Array(from.utf8)
            let at = try #require(bytes.indices.first { bytes[$0...].starts(with: text) })
            bytes.replaceSubrange(at ..< at + text.count, with: Array(to.utf8))
            // The part's length (in its entries and its own count) and every checksum made to agree.
            let grown = to.utf8.count - text.count
            Self.mend(&bytes, changedAt: at, grownBy: grown)
            try writeCompiled(bytes, beside: json)
            let reader = try CompiledSchemaReader(schemaAt: json)

            #expect(throws: CompiledSchemaReader.Unusable.self, "\(to)") { _ = try reader.schema(covering: ["speed"], required: "speed") }
        }
    }

    /// Makes the entries and checksums of `bytes` agree again after the text at `changedAt` in one
    /// part grew by `grownBy` bytes: that part's length (in each of its entries, and the count
    /// of its setting's text, its last), every later offset, the file's length, the checksums.
    static func mend(_ bytes: inout [UInt8], changedAt: Int, grownBy: Int) {
        func integer(_ at: Int) -> Int { (0..<8).reduce(0) { $0 | Int(bytes[at + $1]) << (8 * $1) } }
        func put(_ value: UInt64, _ at: Int, width: Int = 8) {
            for shift in 0..<width { bytes[at + shift] = UInt8(truncatingIfNeeded: value >> (8 * shift)) }
        }
        let count = integer(12) & 0xFFFF_FFFF
        let entry = { (index: Int) in CompiledSchema.headerLength + index * CompiledSchema.entryLength }
        for index in 0..<count {
            let offset = integer(entry(index) + 8), length = integer(entry(index) + 16)
            if offset <= changedAt && changedAt < offset + length {
                put(UInt64(length + grownBy), entry(index) + 16)
                // The setting's text is the part's last: its count sits before it.
                var cursor = offset + 4
                cursor += 4 + (integer(cursor) & 0xFFFF_FFFF) + 4  // section number, name, place
                for _ in 0..<3 {  // names, needs, rules
                    let items = integer(cursor) & 0xFFFF_FFFF
                    cursor += 4
                    for _ in 0..<items { cursor += 4 + (integer(cursor) & 0xFFFF_FFFF) }
                }
                put(UInt64((integer(cursor) & 0xFFFF_FFFF) + grownBy), cursor, width: 4)
            } else if offset > changedAt {
                put(UInt64(offset + grownBy), entry(index) + 8)
            }
        }
        if integer(72) > changedAt { put(UInt64(integer(72) + grownBy), 72) }
        put(UInt64(bytes.count), 96)
        put(CompiledSchema.checksum(bytes[integer(72) ..< integer(72) + integer(80)]), 88)
        put(CompiledSchema.checksum(bytes[0..<104]), 104)
        for index in 0..<count {
            let offset = integer(entry(index) + 8), length = integer(entry(index) + 16)
            put(CompiledSchema.checksum(bytes[offset ..< offset + length]), entry(index) + 24)
        }
    }

    /// Schemas of every kind of setting, read from the form's whole and from the JSON.
    static let wholeSamples = [SchemaSamples.everyKind, SchemaSamples.dependingOnEachOther,
        #"{"suite": "org.example.p", "projectFile": ".p.plist", "sections": [{"name": "A", "settings": [{"key": "a", "type": "int", "default": 1}]}, {"name": "Empty", "settings": []}, {"name": "A", "settings": [{"key": "b", "type": "string?", "scope": "user"}]}]}"#,
        #"{"suite": "org.example.none", "sections": []}"#]

    /// The whole gives the schema the JSON gives: the same settings in the same order and
    /// sections, each with the same fields, the same rules, title, version and retired names.
    @Test(arguments: wholeSamples)
    func theWholeIsTheSchemaTheJSONGives(text: String) throws {
        let folder = TemporaryDirectory()
        let json = try PreferenceSchema(jsonText: text).install(into: folder.path)
        let fromJSON = try PreferenceSchema(jsonData: Data(contentsOf: URL(fileURLWithPath: json)))

        let fromWhole = try CompiledSchemaReader(schemaAt: json).wholeSchema()

        #expect(fromWhole.jsonValue == fromJSON.jsonValue)
        #expect(fromWhole.keys.map(\.name) == fromJSON.keys.map(\.name))
        #expect(fromWhole.sections.map(\.name) == fromJSON.sections.map(\.name))
        #expect(fromWhole.rules.count == fromJSON.rules.count)
        #expect(fromWhole.projectFile == fromJSON.projectFile)
        for key in fromJSON.keys {
            for name in [key.name] + key.renamedFrom { #expect(fromWhole.setting(storedUnder: name)?.name == key.name) }
        }
    }

    /// A schema file as a package copies it in (not written by `install()`, so not in the
    /// form `jsonText` writes), its compiled form made by the first reading, as a command
    /// makes it: the whole gives what the file gives, rules without limits included (written
    /// as `{}` they read back as no rule), and values nested as deep as the file may hold them.
    @Test func aCopiedInSchemaFileReadsTheSameFromItsWhole() throws {
        let folder = TemporaryDirectory()
        let nested = String(repeating: "[", count: 507) + String(repeating: "]", count: 507)
        let text = #"{"suite": "org.example.copied", "sections": [{"name": "A", "settings": ["#
            + #"{"key": "a", "type": "string", "default": "x", "rule": {"nonEmpty": false}},"#
            + #"{"key": "b", "type": "[string]", "default": [], "rule": {"each": {"multiline": false}}},"#
            + #"{"key": "c", "type": "int", "default": 1, "rule": {"min": null}},"#
            + #"{"key": "d", "type": "double", "default": 1, "rule": {"step": null, "max": null}},"#
            + #"{"key": "e", "type": "plist?", "default": \#(nested)}]}]}"#
        let json = folder.file("org.example.copied.json")
        try text.write(toFile: json, atomically: true, encoding: .utf8)
        let source = try #require(CompiledSchema.SourceFacts(ofFileAt: json))
        let fromJSON = try PreferenceSchema(jsonData: Data(contentsOf: URL(fileURLWithPath: json)))
        CompiledSchema.refresh(for: fromJSON, schemaAt: json, madeFrom: source)

        let fromWhole = try CompiledSchemaReader(schemaAt: json).wholeSchema()

        #expect(fromWhole.keys.map(\.rule) == fromJSON.keys.map(\.rule))
        #expect(fromWhole.keys.map(\.rule.allowedText) == fromJSON.keys.map(\.rule.allowedText))
        for (whole, json) in zip(fromWhole.keys, fromJSON.keys) {
            #expect(PreferenceSchema.json(of: whole) == PreferenceSchema.json(of: json), "\(json.name)")
        }
        // The text `install()` writes reads back as the same rules too.
        #expect(try PreferenceSchema(jsonText: fromJSON.jsonText(dropping: [])).keys.map(\.rule) == fromJSON.keys.map(\.rule))
    }

    /// A setting's value nested deeper in the whole than a schema file may nest it is refused,
    /// as the JSON reader refuses it: 512 levels from the document, of which a setting's
    /// object is the fifth.
    @Test func aValueNestedDeeperThanASchemaFileMayIsRefused() throws {
        func nested(_ levels: Int) -> [UInt8] {
            var bytes: [UInt8] = []
            for _ in 0..<levels {
                bytes.append(CompiledValue.Tag.array.rawValue)
                bytes += [levels > 0 ? 1 : 0, 0, 0, 0]
            }
            bytes[bytes.count - 4] = 0  // the innermost is empty
            return bytes
        }
        for (levels, allowed) in [(507, true), (508, false)] {
            let bytes = nested(levels)
            let read = bytes.withUnsafeBufferPointer { buffer in
                var cursor = CompiledCursor(buffer)
                return Result { () throws(CompiledCursor.Fault) in try cursor.value(inside: CompiledCursor.settingDepth) }
            }
            if allowed { #expect(throws: Never.self, "\(levels)") { try read.get() } } else {
                #expect(throws: CompiledCursor.Fault.self, "\(levels)") { try read.get() }
            }
        }
    }

    /// A form longer than a form of its schema file can be (a sparse file with a mended header)
    /// is refused before any of it is read: its length would be memory taken.
    @Test func aFormLongerThanItsSchemaAllowsIsRefusedUnread() throws {
        let (folder, json, _) = try installed()
        _ = folder
        var bytes = try compiledBytes(json)
        let huge = UInt64(3) << 30
        func put(_ value: UInt64, _ at: Int) { for shift in 0..<8 { bytes[at + shift] = UInt8(truncatingIfNeeded: value >> (8 * shift)) } }
        put(huge, 96)
        put(huge - UInt64(wholeRange(bytes).lowerBound), CompiledSchema.wholeField + 8)
        put(CompiledSchema.checksum(bytes[0..<104]), 104)
        try writeCompiled(bytes, beside: json)
        let path = CompiledSchema.path(besideSchemaAt: json)
        #expect(truncate(path, off_t(huge)) == 0)

        #expect {
            _ = try CompiledSchemaReader(schemaAt: json).wholeSchema()
        } throws: { "\($0)".contains("more than the") }
    }

    /// The whole's bytes, as the header places them.
    private func wholeRange(_ bytes: [UInt8]) -> Range<Int> {
        func integer(_ at: Int) -> Int { (0..<8).reduce(0) { $0 | Int(bytes[at + $1]) << (8 * $1) } }
        let offset = integer(CompiledSchema.wholeField)
        return offset ..< offset + integer(CompiledSchema.wholeField + 8)
    }

    /// Each changed byte of the whole is refused by its checksum; with the checksum made to
    /// match, each reading ends in a schema or a refusal, never a crash; a cut file, in a refusal.
    @Test func aDamagedOrCutWholeIsRefused() throws {
        let (folder, json, _) = try installed()
        _ = folder
        let good = try compiledBytes(json)
        let whole = wholeRange(good)
        var unmended = 0, refused = 0, answered = 0
        for index in whole {
            var damaged = good
            damaged[index] ^= 0x41
            try writeCompiled(damaged, beside: json)
            #expect(throws: CompiledSchemaReader.Unusable.self) { _ = try CompiledSchemaReader(schemaAt: json).wholeSchema() }
            unmended += 1
            let sum = damaged[whole].withUnsafeBufferPointer(CompiledSchema.wholeChecksum)
            for shift in 0..<8 { damaged[CompiledSchema.wholeField + 16 + shift] = UInt8(truncatingIfNeeded: sum >> (8 * shift)) }
            try writeCompiled(damaged, beside: json)
            do {
                _ = try CompiledSchemaReader(schemaAt: json).wholeSchema()
                answered += 1
            } catch {
                refused += 1
            }
        }
        for length in [good.count - 1, whole.lowerBound + 3, whole.lowerBound] {
            try writeCompiled(Array(good.prefix(length)), beside: json)
            #expect(throws: CompiledSchemaReader.Unusable.self, "cut at \(length)") { _ = try CompiledSchemaReader(schemaAt: json).wholeSchema() }
        }

        #expect(unmended == whole.count)
        // Counts, tags and names changed are refused; a changed letter of a title is read.
        #expect(refused > 0)
        #expect(answered > 0)
    }

    /// Text in the whole that is not UTF-8, its checksum made to match, is refused: a schema
    /// file's text never holds such bytes, and decoding them as U+FFFD would answer otherwise
    /// than the JSON.
    @Test func textInTheWholeThatIsNotUTF8IsRefused() throws {
        let (folder, json, _) = try installed()
        _ = folder
        var bytes = try compiledBytes(json)
        let whole = wholeRange(bytes)
        let title = Array("Speed".utf8)
        let at = try #require(whole.first { bytes[$0...].starts(with: title) })
        bytes[at] = 0xFF
        let sum = bytes[whole].withUnsafeBufferPointer(CompiledSchema.wholeChecksum)
        for shift in 0..<8 { bytes[CompiledSchema.wholeField + 16 + shift] = UInt8(truncatingIfNeeded: sum >> (8 * shift)) }
        try writeCompiled(bytes, beside: json)

        #expect {
            _ = try CompiledSchemaReader(schemaAt: json).wholeSchema()
        } throws: { "\($0)".contains("text that is not UTF-8") }
    }

    @Test func aFIFOOrALinkInItsPlaceIsRefusedWithoutWaiting() throws {
        let (folder, json, _) = try installed()
        let compiled = CompiledSchema.path(besideSchemaAt: json)
        unlink(compiled)
        #expect(mkfifo(compiled, 0o644) == 0)

        #expect {
            _ = try CompiledSchemaReader(schemaAt: json)
        } throws: { "\($0)".contains("not a regular file") }

        unlink(compiled)
        let elsewhere = folder.file("elsewhere.compiled")
        #expect(FileManager.default.createFile(atPath: elsewhere, contents: Data("x".utf8)))
        #expect(symlink(elsewhere, compiled) == 0)
        #expect(throws: CompiledSchemaReader.Unusable.self) { _ = try CompiledSchemaReader(schemaAt: json) }
    }
}
