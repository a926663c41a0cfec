/// The sets of characters ICU's `\d`, `\w`, `\s` and `\h` stand for, as explicit classes that
/// ECMA-262 and Python's `re` read alike (neither has ICU's meaning for those escapes, and
/// Python has no `\p{…}`). Built once, from the standard library's Unicode properties, when a
/// JSON Schema first needs one.
enum UnicodeSets {
    /// A set of scalars as sorted, disjoint ranges.
    struct Set: Sendable {
        let ranges: [ClosedRange<UInt32>]

        init(_ contains: (Unicode.Scalar) -> Bool) {
            var ranges: [ClosedRange<UInt32>] = []
            var start: UInt32?
            for value in UInt32(0)...0x10FFFF {
                let isIn = Unicode.Scalar(value).map(contains) ?? false
                if isIn, start == nil { start = value }
                if !isIn, let first = start {
                    ranges.append(first...value - 1)
                    start = nil
                }
            }
            if let first = start { ranges.append(first...0x10FFFF) }
            self.ranges = ranges
        }

        /// The ranges as the inside of a class.
        var members: String {
            ranges.map { range in
                range.lowerBound == range.upperBound ? Self.member(range.lowerBound)
                    : Self.member(range.lowerBound) + "-" + Self.member(range.upperBound)
            }.joined()
        }

        func text(inClass: Bool) -> String { inClass ? members : "[\(members)]" }
        var negatedText: String { "[^\(members)]" }

        /// One end of a range: `\uXXXX` in the Basic Multilingual Plane, the character itself
        /// beyond it (the two dialects share no escape for it).
        private static func member(_ value: UInt32) -> String {
            value <= 0xFFFF ? "\\u" + PortablePattern.hex4(value) : String(Unicode.Scalar(value)!)
        }
    }

    /// ICU's `\d`: a decimal digit of any script (`\p{Nd}`).
    static let digits = Set { $0.properties.generalCategory == .decimalNumber }

    /// ICU's `\w`: `[\p{Alphabetic}\p{Mark}\p{Decimal_Number}\p{Connector_Punctuation}\u200c\u200d]`.
    static let word = Set { scalar in
        let properties = scalar.properties
        switch properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .connectorPunctuation: return true
        default: return properties.isAlphabetic || scalar.value == 0x200C || scalar.value == 0x200D
        }
    }

    /// ICU's `\s`: `[\t\n\f\r\p{Z}]`.
    static let space = Set { scalar in
        switch scalar.properties.generalCategory {
        case .spaceSeparator, .lineSeparator, .paragraphSeparator: return true
        default: return [0x09, 0x0A, 0x0C, 0x0D].contains(scalar.value)
        }
    }

    /// ICU's `\h`: `[\t\p{Zs}]`.
    static let horizontalSpace = Set { $0.value == 0x09 || $0.properties.generalCategory == .spaceSeparator }
}
