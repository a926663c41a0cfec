import Foundation

extension String {
    /// The word as a shell needs it typed: bare when it holds nothing special, else in single
    /// quotes, and with control characters escaped so that a hostile name cannot reach the
    /// terminal. For the commands a message tells a person to run.
    ///
    /// ```swift
    /// "/home/ada/my project/.tool.json".shellQuotedIfNeeded  // "'/home/ada/my project/.tool.json'"
    /// ```
    package var shellQuotedIfNeeded: String {
        let plain = !isEmpty && unicodeScalars.allSatisfy { scalar in
            scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "-_./=:,+@%".unicodeScalars.contains(scalar)
        }
        return (plain ? self : "'" + replacingOccurrences(of: "'", with: #"'\''"#) + "'").controlCharactersEscaped
    }
}
