import Foundation
import PrefsDemo
import PrefsTestSupport
import Testing
@testable import PrefsModel

extension Hostile {
    /// The quick suite's check of the two schema readers (`SchemaReadersTests`), on many more
    /// damaged files: the streaming reader takes exactly what the tree reader takes, and reads
    /// it alike.
    @Suite("Damaged schema files, both readers")
    struct SchemaReaderMutations {
        @Test("10,000 damaged copies of each sample schema", arguments: [SchemaSamples.everyKind, WeatherSettings.schema.jsonValue.prettyText])
        func readersAgree(document: String) {
            var mutations = JSONMutations(of: document, seed: 0x5C4E_3A11)
            var disagreements: [String] = []
            let count = HostileRun.count(10_000)
            for _ in 0..<count {
                let bytes = mutations.next()
                let fast = bytes.withUnsafeBufferPointer { PreferenceSchema.streamed(from: $0) }
                let slow = try? PreferenceSchema(json: JSONValue(parsing: Data(bytes)))
                if fast?.jsonValue != slow?.jsonValue { disagreements.append(String(decoding: bytes, as: UTF8.self)) }
            }
            HostileRun.report("\(count) damaged schema files, the two readers agreed on \(count - disagreements.count)")
            #expect(disagreements.isEmpty, "first: \(disagreements.first ?? "")")
        }
    }
}
