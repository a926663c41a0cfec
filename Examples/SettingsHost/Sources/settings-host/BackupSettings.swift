import PrefsModel

/// The settings of a small backup tool: declared once, with defaults, rules and the text the
/// editor shows, and one derived value computed from two of them.
enum BackupSettings {
    static let destination = PreferenceKey<String>(
        "destination", default: "/var/backups", rule: .text(nonEmpty: true, maxLength: 200), title: "Destination",
        help: "The folder backups are written to.", section: "Where")
    static let intervalHours = PreferenceKey<Int>(
        "intervalHours", default: 24, rule: .range(1...168), title: "Back up every",
        help: "Hours between two backups.", section: "When", unit: "h")
    static let keepCopies = PreferenceKey<Int>(
        "keepCopies", default: 7, rule: .range(1...90), title: "Copies kept",
        help: "How many backups to keep before the oldest is removed.", section: "When")
    static let compress = PreferenceKey<Bool>(
        "compress", default: true, title: "Compress", help: "Compress backups with zstd.", section: "How")

    /// How far back the kept copies reach: recomputed, and redrawn in the editor's live
    /// preview, whenever the interval or the number of copies changes.
    static let history = DerivedValue(name: "history", title: "History kept") { prefs in
        let hours = prefs[intervalHours] * prefs[keepCopies]
        return hours.isMultiple(of: 24) ? "\(hours / 24) days" : "\(hours) hours"
    }

    static let schema = PreferenceSchema(
        title: "Backup", suiteName: "com.example.backup",
        keys: [destination, intervalHours, keepCopies, compress], derivedValues: [history])
}
