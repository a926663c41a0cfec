/// Damaged copies of a JSON document, for checking that a reader refuses or reads each as
/// another reader does: a byte removed, a byte added (JSON punctuation, a letter, a byte that is
/// not UTF-8), a span repeated, or a word swapped for a plausible wrong one.
public struct JSONMutations {
    private var random: SeededGenerator
    private let document: [UInt8]

    public init(of document: String, seed: UInt64) {
        self.document = Array(document.utf8)
        random = SeededGenerator(seed: seed)
    }

    /// Words of schema files and what a person might write instead.
    private static let swaps: [(String, String)] = [
        ("\"title\"", "\"titel\""), ("\"int\"", "\"string\""), ("\"string\"", "\"int\""), ("\"bool\"", "\"[bool]\""),
        ("\"min\"", "\"minimum\""), ("\"settings\"", "\"setting\""), ("\"name\"", "\"key\""), ("\"key\"", "\"name\""),
        ("true", "\"true\""), ("15", "15.5"), ("5", "-5"), ("\"default\"", "\"help\""), ("[", "{"), ("\"choices\"", "\"each\""),
        (":", ": null, \"x\":"), ("\"sections\"", "\"suite\""), ("\"suite\"", "\"title\""),
    ]
    private static let insertions: [UInt8] = Array("{}[],:\"\\ 0a-".utf8) + [0xC3, 0xA9, 0xFF, 0x00]

    /// The next damaged copy.
    public mutating func next() -> [UInt8] {
        var bytes = document
        let position = Int.random(in: 0..<bytes.count, using: &random)
        switch Int.random(in: 0..<4, using: &random) {
        case 0:
            bytes.remove(at: position)
        case 1:
            bytes.insert(Self.insertions.randomElement(using: &random)!, at: position)
        case 2:
            let end = min(bytes.count, position + Int.random(in: 1...40, using: &random))
            bytes.insert(contentsOf: bytes[position..<end], at: end)
        default:
            let (word, replacement) = Self.swaps.randomElement(using: &random)!
            let places = occurrences(of: Array(word.utf8), in: bytes)
            guard let place = places.randomElement(using: &random) else { return next() }
            bytes.replaceSubrange(place..<place + word.utf8.count, with: Array(replacement.utf8))
        }
        return bytes
    }

    private func occurrences(of word: [UInt8], in bytes: [UInt8]) -> [Int] {
        guard bytes.count >= word.count else { return [] }
        return (0...(bytes.count - word.count)).filter { bytes[$0..<$0 + word.count].elementsEqual(word) }
    }
}
