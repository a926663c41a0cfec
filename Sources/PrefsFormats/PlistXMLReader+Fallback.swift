import Foundation

/// What the reader leaves to Foundation, and how it words a root entry neither can read.
extension PlistXMLReader {
    /// A root entry no reader takes, in words: its key, what it holds (cut to 40 characters)
    /// and, for the cases people meet, why (an integer past 64 bits, which no property list
    /// reader keeps).
    static func unreadable(key: String, fragment: Data) -> String {
        let text = String(decoding: fragment, as: UTF8.self)
        let shown = text.count > 40 ? String(text.prefix(40)) + "…" : text
        var words = "the value of \(key.quotedForMessage), \(shown.controlCharactersEscaped)"
        if text.hasPrefix("<integer>"), text.hasSuffix("</integer>") {
            let digits = text.dropFirst("<integer>".count).dropLast("</integer>".count).drop { $0 == "-" || $0 == "+" }
            if !digits.isEmpty, digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber) {
                words += ", is an integer wider than 64 bits (allowed: \(Int64.min) to \(UInt64.max))"
                return words
            }
        }
        return words + ", cannot be read"
    }

    /// One value element read by `PropertyListSerialization`, as the only value of a document.
    static func foundationReading(of element: Data) -> PlistValue? {
        let document = Data(#"<?xml version="1.0" encoding="UTF-8"?><plist version="1.0">"#.utf8) + element + Data("</plist>".utf8)
        guard let object = try? PropertyListSerialization.propertyList(from: document, options: [], format: nil) else { return nil }
        return PlistValue(foundationObject: object)
    }
}
