import ArgumentParser
import PrefsEditor
import PrefsModel

struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render", _superCommandName: PrefsTUI.name,
        abstract: "Print one frame of the editor as plain text, after feeding it keys.",
        discussion: """
            Keys are names separated by spaces: up down left right pgup pgdn home end enter esc \
            tab shift-tab space bs del f1 to f12, ctrl-a to ctrl-z, a single character, or text:WORDS for \
            several characters. The editor works on a copy of the suite in memory: nothing is \
            written. Used by tests, screenshots and benchmarks.
            """)

    // `.unconditional`, so `--width -5` reaches `validate` and is explained, instead of `-5`
    // being taken for an option and the width reported missing.
    static let defaultWidth = 80, defaultHeight = 24
    /// The columns and rows a frame may have.
    static let sizes = 1...1000

    @Option(parsing: .unconditional, help: "Columns (1 to 1000).") var width = defaultWidth
    @Option(parsing: .unconditional, help: "Rows (1 to 1000).") var height = defaultHeight
    @Option(help: "Keys to feed before the frame, e.g. \"down down right\".") var keys = ""
    @OptionGroup var options: SuiteOptions

    func validate() throws {
        for (name, value) in [("width", width), ("height", height)] {
            if value < Self.sizes.lowerBound { throw ValidationError("--\(name) \(value): the \(name) must be positive (1…1000)") }
            if value > Self.sizes.upperBound { throw ValidationError("--\(name) \(value): the \(name) must be at most 1000") }
        }
    }

    func run() throws {
        try Self.printFrame(of: options.selection, width: width, height: height, keys: keys)
    }

    /// The work of `render`, for the parsed command and for its quick start (``StartUp/plainRender(_:)``).
    static func printFrame(of selection: SuiteSelection, width: Int, height: Int, keys: String) throws {
        try reportingFailures {
            // Opened first, as every command opens its suite: a broken schema or suite is said
            // before the key names are looked at. Read once: the preview never looks at the
            // suite again, so its file's bytes are not kept for a later comparison (2.7 MB at
            // 50,000 settings).
            let opened = PreferencesEditor(try selection.open(readsOnce: true))
            var pressed: [PreferencesEditor.Key] = []
            for name in keys.split(separator: " ") {
                guard let named = PreferencesEditor.Key.named(String(name)) else {
                    throw CommandFailure("unknown key name \(String(name).quotedForMessage) in --keys", status: ExitStatus.usage)
                }
                pressed += named
            }
            // Through the editor's public harness, as a host's test drives it, on a copy in memory.
            // The suite opened is held by nothing once the harness is made, so the copy's storage
            // is its own from then on, and no edit copies all the values.
            let editor: PreferencesEditor.Harness
            do throws(PreferencesEditorError) {
                editor = try PreferencesEditor.Harness(consume opened, width: width, height: height, writesToCopy: true)
            } catch {
                throw EditCommand.failure(error)
            }
            for key in pressed { editor.press(key) }
            Output.print(editor.screen)
            KeptUntilExit.keep(editor)
        }
    }
}
