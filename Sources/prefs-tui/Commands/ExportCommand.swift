import ArgumentParser
import Foundation
import PrefsModel

struct ExportCommand: ParsableCommand {
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case json, plist
    }

    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write the user's non-default values, for backup or another machine.",
        discussion: """
            JSON is an object of key → value (values as in `get --json`); plist is an XML \
            property list like the suite file. Only the schema's keys with a usable stored value \
            are exported. `prefs-tui import` reads both.
            """)

    @Option(help: "Write to this file instead of standard output.") var output: String?
    @Option(help: "json or plist.") var format: Format = .json
    @OptionGroup var options: SuiteOptions

    func run() throws {
        try reportingFailures {
            let prefs = try options.open()
            var stored: [String: PlistValue] = [:]
            for key in prefs.schema.keys {
                guard let value = prefs.store.storedValue(forKey: key.name) else { continue }
                if let diagnostic = prefs.diagnostic(for: key) {
                    Diagnostics.print("warning: not exported: \(diagnostic)")
                    continue
                }
                stored[key.name] = value
            }
            let data: Data
            switch format {
            case .json:
                let object = JSONValue.object(Dictionary(uniqueKeysWithValues: stored.map { name, value in
                    (name, prefs.schema.key(named: name)!.json(of: value))
                }))
                data = Data((object.prettyText + "\n").utf8)
            case .plist:
                data = try PropertyListSerialization.data(
                    fromPropertyList: PlistValue.dictionary(stored).foundationObject, format: .xml, options: 0)
            }
            guard let output else {
                FileHandle.standardOutput.write(data)
                return
            }
            do {
                try data.write(to: URL(fileURLWithPath: output), options: .atomic)
            } catch {
                throw CommandFailure("cannot write \(output): \(error.localizedDescription)", status: ExitStatus.ioError)
            }
        }
    }
}
