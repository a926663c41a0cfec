import ArgumentParser
import PrefsModel

struct ResetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reset", _superCommandName: PrefsTUI.name,
        abstract: "Remove stored values so settings read their defaults again.",
        discussion: """
            Three forms: `reset KEY...` for some settings, `reset --section NAME` for a section \
            (any letter case), `reset --all` for every setting of the schema. --all leaves keys \
            the schema does not describe alone; name such a key to remove it.
            """)

    @Argument(help: "The keys to reset.", completion: Completions.keys) var keys: [String] = []
    @Option(help: "Reset every setting of this section.", completion: Completions.sections) var section: String?
    @Flag(help: "Reset every setting of the schema.") var all = false
    @Flag(help: "Remove the values from the project's file (found from the working folder upward) instead of yours.")
    var project = false
    @OptionGroup var options: SuiteOptions

    func validate() throws {
        let chosen = (keys.isEmpty ? 0 : 1) + (section == nil ? 0 : 1) + (all ? 1 : 0)
        if chosen == 0 {
            throw ValidationError("say what to reset: KEY… (those settings), --section NAME (a section) or --all (every setting)")
        }
        if chosen > 1 { throw ValidationError("give only one of KEY…, --section NAME and --all") }
    }

    func run() throws {
        try reportingFailures {
            let opened = try options.open()
            let projectWrites = project ? try ProjectWrites(for: opened) : nil
            let prefs = projectWrites?.prefs ?? opened
            defer { if project { try? projectWrites?.trustWhatWasWritten() } }
            /// Locked settings a reset of many leaves alone, each named.
            func noteLeftAlone(_ names: [String]) {
                for name in names {
                    let lockFile = prefs.schema.key(named: name).flatMap(prefs.lockFile(of:)) ?? "the site"
                    Diagnostics.print("note: \(name) left alone: it is \(SettingWords.lockedBy(lockFile))")
                }
            }
            if all {
                noteLeftAlone(try prefs.resetAll())
            } else if let section {
                let names = prefs.schema.sections.map(\.name)
                guard let name = names.first(where: { $0.lowercased() == section.lowercased() }) else {
                    throw CommandFailure("unknown section \(section.quotedForMessage); sections: \(names.joined(separator: ", "))", status: ExitStatus.usage)
                }
                noteLeftAlone(try prefs.reset(section: name))
            } else {
                try prefs.reset(keys: keys.map { try prefs.schema.requireKey(named: $0) })
            }
            prefs.reportStoreWarnings()
        }
    }
}
