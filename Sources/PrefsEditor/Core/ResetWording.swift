import PrefsModel

/// How a reset of several settings is put into words, stated once for the question `R` asks
/// and the message its success leaves: what the settings go back to depends on the site's
/// values, which only the state knows (the renderer used to check them again itself).
extension EditorState {
    /// What a reset of these settings (schema indices) goes back to: the site's values where
    /// the site gives one, else the program's defaults.
    func resetTarget(of indices: [Int], all: Bool) -> String {
        let fallsToSite = indices.contains { index in
            if case .site = settings.site.fallback(for: keys[index]).source { return true }
            return false
        }
        if fallsToSite { return "the site's values or defaults" }
        return indices.count == 1 && !all ? "its default" : all ? "defaults" : "their defaults"
    }

    /// The question `R` asks while it waits for y or n, whole and, for a row too narrow for
    /// it, short (the count and how to answer first, so those are not what is cut); nil when
    /// no reset is being asked about.
    var resetQuestion: (whole: String, short: String)? {
        guard case .confirmingReset(let indices, let all) = mode else { return nil }
        let names = indices.map { keys[$0].name }.joined(separator: ", ")
        let target = resetTarget(of: indices, all: all)
        let lockedNote = all && keys.contains { settings.lockFile(of: $0) != nil } ? "; locked ones stay" : ""
        let count = indices.count == 1 ? "the 1 setting" : "all \(indices.count) settings"
        let whole = all ? "Reset \(count) to \(target)\(lockedNote)? (y/n)" : "Reset \(names) to \(target)? (y/n)"
        let short = all ? "Reset all \(indices.count) settings? (y/n)"
            : "Reset \(indices.count) setting\(indices.count == 1 ? "" : "s")? (y/n) \(names)"
        return (whole, short)
    }
}
