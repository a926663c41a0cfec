import ArgumentParser
import Foundation
import PrefsModel

struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Set the values in a file written by `export` (JSON or plist).",
        discussion: """
            Every value is checked first; if any key is unknown or any value invalid, each \
            problem is reported and nothing is written. Otherwise all values are written at \
            once. Settings not in the file keep their values. In JSON, null unsets an optional.
            """)

    @Argument(help: "The file to import.") var file: String
    @OptionGroup var options: SuiteOptions

    func run() throws {
        try reportingFailures {
            let prefs = try options.open()
            guard let data = FileManager.default.contents(atPath: file) else {
                throw CommandFailure("cannot read \(file): no such file or not readable", status: ExitStatus.noInput)
            }
            var changes: [String: PlistValue?] = [:]
            var problems: [String] = []
            func check(_ name: String, _ convert: (AnyPreferenceKey) throws -> PlistValue?) {
                do {
                    let key = try prefs.schema.requireKey(named: name)
                    changes[key.name] = .some(try convert(key))
                } catch {
                    problems.append("\(error)")
                }
            }
            if let plist = Self.plistValues(data) {
                for (name, value) in plist.sorted(by: { $0.key < $1.key }) {
                    check(name) { key in
                        if let problem = key.problem(with: value) {
                            throw PreferenceError.invalidValue(key: key.name, value: value.summary, allowed: problem)
                        }
                        return value
                    }
                }
            } else {
                guard case .object(let object)? = try? JSONValue(parsing: String(decoding: data, as: UTF8.self)) else {
                    throw CommandFailure("\(file): not a JSON object or property list of settings", status: ExitStatus.dataError)
                }
                for (name, value) in object.sorted(by: { $0.key < $1.key }) {
                    check(name) { try $0.storedValue(json: value) }
                }
            }
            guard problems.isEmpty else {
                for problem in problems { Diagnostics.print(problem) }
                throw CommandFailure("\(file): nothing imported (\(problems.count) problem\(problems.count == 1 ? "" : "s"))", status: ExitStatus.dataError)
            }
            try prefs.write(changes)
            prefs.reportStoreWarnings()
        }
    }

    /// The settings of a property-list file, or nil when the file is not a plist.
    private static func plistValues(_ data: Data) -> [String: PlistValue]? {
        let head = String(decoding: data.prefix(16), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard head.hasPrefix("<?xml") || head.hasPrefix("<plist") || head.hasPrefix("bplist") else { return nil }
        guard let root = try? PropertyListSerialization.propertyList(from: data, options: [], format: nil),
              case .dictionary(let values)? = PlistValue(foundationObject: root) else { return nil }
        return values
    }
}
