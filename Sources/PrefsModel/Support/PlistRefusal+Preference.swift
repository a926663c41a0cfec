import Foundation

extension PreferenceError {
    /// A value the XML property list writer refused, as a refused value of its key path.
    package init(_ refusal: PlistXMLWriter.Refusal) {
        self = .invalidValue(key: refusal.keyPath, value: refusal.value, allowed: refusal.allowed)
    }
}

extension PlistValue {
    /// A dictionary as the XML property list a suite file holds (see ``PlistXMLWriter``), for
    /// commands that write plists (`export`) without Foundation's encoder and its flaws. A value
    /// the format cannot carry is refused as ``PreferenceError/invalidValue(key:value:allowed:)``.
    ///
    /// ```swift
    /// try PlistValue.xmlPropertyList(["city": .string("Oslo")])  // <?xml …<key>city</key>…
    /// ```
    package static func xmlPropertyList(_ values: [String: PlistValue]) throws -> Data {
        do { return Data(try PlistXMLWriter.document(values)) } catch let refusal as PlistXMLWriter.Refusal {
            throw PreferenceError(refusal)
        }
    }
}
