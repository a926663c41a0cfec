import PrefsModel

extension EditorLoop {
    /// Runs the editor on a real terminal (``NcursesTerminal``) on `device` until it ends.
    package static func run(_ prefs: Preferences, suiteName: String, device: TerminalDevice, monochrome: Bool,
                            showsCursor: Bool = false, capturesMouse: Bool = true, keyListing: KeyListing = .schema,
                            cancellation: EditorCancellation? = nil) throws(PreferencesEditorError) -> Outcome {
        // Made first and closed last: the terminal guard's signal handlers write to it until
        // `terminal.end()` puts the host's actions back.
        let wakeUp = try WakeUpSignal()
        let terminal = try NcursesTerminal(device: device, monochrome: monochrome, wakeUp: wakeUp)
        defer { terminal.end() }
        return run(prefs, suiteName: suiteName, terminal: terminal, wakeUp: wakeUp, showsCursor: showsCursor,
                   capturesMouse: capturesMouse, keyListing: keyListing, cancellation: cancellation)
    }
}

/// The real terminal, as the loop sees it.
extension NcursesTerminal: TerminalBackend {
    var inputDescriptor: Int32 { device.input }
}
