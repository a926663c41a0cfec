extension String {
    /// The text with control characters made visible (`\n`, `\e`, `\u{7}`), so a stored value can
    /// never move the cursor or restyle the terminal it is shown on.
    var controlCharactersShown: String {
        guard unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else { return self }
        var shown = ""
        for scalar in unicodeScalars {
            guard scalar.properties.generalCategory == .control else {
                shown.unicodeScalars.append(scalar)
                continue
            }
            switch scalar {
            case "\n": shown += "\\n"
            case "\r": shown += "\\r"
            case "\t": shown += "\\t"
            case "\u{1B}": shown += "\\e"
            default: shown += "\\u{\(String(scalar.value, radix: 16))}"
            }
        }
        return shown
    }
}
