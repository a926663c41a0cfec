// TEMPORARY: the values engineer adds `String.controlCharactersEscaped` to PrefsModel on branch
// `values` (commit "Control characters:"); delete this file when that branch is merged.
extension String {
    /// The text with control characters written as escapes, so a value cannot break a table
    /// row or send terminal commands.
    var controlCharactersEscaped: String {
        var result = ""
        for scalar in unicodeScalars {
            switch scalar {
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\u{00}"..."\u{1F}", "\u{7F}"..."\u{9F}": result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
