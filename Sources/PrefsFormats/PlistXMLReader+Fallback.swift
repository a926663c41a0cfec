import Foundation

/// What the reader leaves to Foundation, and how it words a root entry neither can read.
extension PlistXMLReader {
    /// A root entry no reader takes, in words: its key, the kind of element and, for the case
    /// people meet, why (an integer past 64 bits, which no property list reader keeps). Never
    /// the value itself: it may be a secret's, and this layer does not know which are.
    static func unreadable(key: String, fragment: Data) -> String {
        let text = String(decoding: fragment, as: UTF8.self)
        let element = text.dropFirst().prefix { $0.isLetter }
        if element == "integer", text.hasSuffix("</integer>") {
            let digits = text.dropFirst("<integer>".count).dropLast("</integer>".count).drop { $0 == "-" || $0 == "+" }
            if !digits.isEmpty, digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber) {
                return "the value of \(key.quotedForMessage) is an integer of \(digits.count) digits, wider than 64 bits "
                    + "(allowed: \(Int64.min) to \(UInt64.max))"
            }
        }
        let kind = element.isEmpty ? "its element" : "its <\(element)> element"
        return "the value of \(key.quotedForMessage), \(kind), cannot be read"
    }

    /// One value element read by `PropertyListSerialization`, as the only value of a document.
    static func foundationReading(of element: Data) -> PlistValue? {
        let document = Data(#"<?xml version="1.0" encoding="UTF-8"?><plist version="1.0">"#.utf8) + element + Data("</plist>".utf8)
        guard let object = try? PropertyListSerialization.propertyList(from: document, options: [], format: nil) else { return nil }
        return PlistValue(foundationObject: object)
    }
}
