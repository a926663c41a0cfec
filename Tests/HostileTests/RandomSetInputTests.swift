import Foundation
import PrefsDemo
import PrefsModel
import PrefsTestSupport
import Testing

extension Hostile {
    /// Random `set` inputs with a fixed seed, on the demo schema and on a schema with every
    /// type: most through the code path of `prefs-tui set` in this process (fast), a few
    /// hundred through the real binary.
    @Suite("Random set inputs")
    struct RandomSetInputs {
        static let seed: UInt64 = 20_261_121

        /// One schema and its suite in the current round's folder.
        struct Target {
            let schema: PreferenceSchema
            let schemaFile: String?
            var maker: RandomSetInputMaker

            init(schema: PreferenceSchema, schemaFile: String?, seed: UInt64) {
                self.schema = schema
                self.schemaFile = schemaFile
                maker = RandomSetInputMaker(generator: SeededGenerator(seed: seed), keys: schema.keys.map(\.name),
                                            listKeys: Set(schema.keys.filter(\.type.isList).map(\.name)))
            }
        }

        /// What happened, counted; `problems` keeps the first examples of anything that must not happen.
        struct Tally {
            var inputs = 0, throughBinary = 0, stored = 0, refused = 0, crashes = 0, hangs = 0
            var invalidStored = 0, unreadableFiles = 0, changedByRefusal = 0, unnamedKey = 0, otherErrors = 0
            var filesChecked = 0
            var problems: [String] = []

            mutating func problem(_ text: String) {
                if problems.count < 20 { problems.append(String(text.prefix(300))) }
            }

            var failures: Int { crashes + hangs + invalidStored + unreadableFiles + changedByRefusal + unnamedKey + otherErrors }
        }

        @Test func noInputCrashesStoresAnInvalidValueOrLeavesAnUnreadableFile() async throws {
            let total = HostileRun.count(10_000, minimum: 200)
            let binaryEvery = max(1, total / HostileRun.count(300, minimum: 10))
            let checker = try PlistLibChecker()
            let schemaFolder = TemporaryDirectory()
            let schemaFile = schemaFolder.file("hostile.json")
            try HostileSchema.json.write(toFile: schemaFile, atomically: true, encoding: .utf8)
            var targets = [
                Target(schema: WeatherSettings.schema, schemaFile: nil, seed: Self.seed),
                Target(schema: try HostileSchema.make(), schemaFile: schemaFile, seed: Self.seed + 1),
            ]
            var tally = Tally()

            // Rounds of 100 inputs, each on fresh suites, so a stored 1 MB value is not
            // rewritten by every later input.
            var index = 0
            while index < total {
                let folder = TemporaryDirectory()
                let stores = targets.map { SuiteStore(suiteName: $0.schema.suiteName, directory: folder.path, watchForChanges: false) }
                for _ in 0..<min(100, total - index) {
                    let which = index % 2
                    let input = targets[which].maker.next()
                    if index % binaryEvery == 0 {
                        await runThroughBinary(input.argvSafe, target: targets[which], store: stores[which],
                                               folder: folder, checker: checker, tally: &tally)
                    } else {
                        runInProcess(input, schema: targets[which].schema, store: stores[which], checker: checker, tally: &tally)
                    }
                    checkEveryStoredValue(stores[which], schema: targets[which].schema, tally: &tally)
                    index += 1
                }
                for (store, target) in zip(stores, targets) {
                    let fromDisk = SuiteStore(suiteName: target.schema.suiteName, directory: folder.path, watchForChanges: false)
                    let written = store.storedValues(), read = fromDisk.storedValues()
                    if written != read || fromDisk.loadProblem != nil {
                        let differing = Set(written.keys).union(read.keys).filter { written[$0] != read[$0] }.sorted()
                        let details = differing.map { "\($0): \(written[$0]?.summary ?? "nil") → \(read[$0]?.summary ?? "nil")" }
                        tally.otherErrors += 1
                        tally.problem("\(target.schema.suiteName): the file reads back differently than it was written: \(details.joined(separator: "; ")) \(fromDisk.loadProblem ?? "")")
                    }
                }
            }
            tally.filesChecked = checker.checked

            HostileRun.report("""
                \(tally.inputs) random set inputs (seed \(Self.seed)), \(tally.inputs - tally.throughBinary) in-process \
                and \(tally.throughBinary) through prefs-tui: \(tally.stored) stored, \(tally.refused) refused; \
                \(tally.crashes) crashes, \(tally.hangs) hangs, \(tally.invalidStored) invalid values stored, \
                \(tally.unreadableFiles) of \(tally.filesChecked) files refused by plistlib, \
                \(tally.changedByRefusal) files changed by a refused input
                """)
            #expect(tally.failures == 0, "\(tally.problems.joined(separator: "\n"))")
            #expect(tally.stored > tally.inputs / 10, "too few inputs were stored to exercise the writer")
        }

        /// The path of `prefs-tui set`: look the key up, parse the text, check the rule, commit.
        private func runInProcess(_ input: RandomSetInput, schema: PreferenceSchema, store: SuiteStore,
                                  checker: PlistLibChecker, tally: inout Tally) {
            tally.inputs += 1
            let prefs = Preferences(store: store, schema: schema)
            let before = FileManager.default.contents(atPath: store.path)
            let arguments = input.decodedArguments
            do {
                let key = try prefs.schema.requireKey(named: input.key)
                try prefs.set(text: arguments, for: key)
                tally.stored += 1
                checkFile(of: store, after: "set \(input.key) \(arguments.map(\.debugDescription).joined(separator: " "))",
                          checker: checker, tally: &tally)
            } catch let error as PreferenceError {
                tally.refused += 1
                if FileManager.default.contents(atPath: store.path) != before {
                    tally.changedByRefusal += 1
                    tally.problem("refused input changed the file: \(input.key) \(arguments.map(\.debugDescription).joined(separator: " "))")
                }
                if case .invalidValue = error, !"\(error)".contains(input.key) {
                    tally.unnamedKey += 1
                    tally.problem("message does not name the key \(input.key): \(error)")
                }
            } catch {
                tally.otherErrors += 1
                tally.problem("unexpected error \(error) for \(input.key) \(arguments.map(\.debugDescription).joined(separator: " "))")
            }
        }

        private func runThroughBinary(_ input: RandomSetInput, target: Target, store: SuiteStore, folder: TemporaryDirectory,
                                      checker: PlistLibChecker, tally: inout Tally) async {
            tally.inputs += 1
            tally.throughBinary += 1
            let before = FileManager.default.contents(atPath: store.path)
            let options = target.schemaFile.map { ["--schema", $0] } ?? []
            let arguments = (["set"] + options + [input.key]).map { Array($0.utf8) } + input.arguments
            let child = Programs(configHome: folder.path).prefsTUI(rawArguments: arguments)
            let described = "prefs-tui set \(input.key) \(input.decodedArguments.map(\.debugDescription).joined(separator: " "))"
            do { try child.start() } catch {
                tally.otherErrors += 1
                tally.problem("cannot start \(described): \(error)")
                return
            }
            guard let result = await child.finish(within: .seconds(60)) else {
                tally.hangs += 1
                tally.problem("hang: \(described)")
                child.stop(signal: SIGKILL)
                return
            }
            store.reload()
            switch result.status {
            case 0:
                tally.stored += 1
                checkFile(of: store, after: described, checker: checker, tally: &tally)
            // 66: `set KEY -` with nothing on standard input (no byte at all is no value).
            case 64, 65, 66:
                tally.refused += 1
                if FileManager.default.contents(atPath: store.path) != before {
                    tally.changedByRefusal += 1
                    tally.problem("refused input changed the file: \(described)")
                }
                if !result.error.hasPrefix("prefs-tui: ") && !result.error.hasPrefix("Error: ") {
                    tally.otherErrors += 1
                    tally.problem("no message for exit \(result.status): \(described)")
                }
            default:
                if result.status >= 128 { tally.crashes += 1 } else { tally.otherErrors += 1 }
                tally.problem("exit \(result.status) for \(described): \(result.error)")
            }
        }

        /// The suite file after a successful set: plistlib reads it. A set that changed
        /// nothing (unsetting what was never set) writes no file, so none is fine while the
        /// suite holds no values.
        private func checkFile(of store: SuiteStore, after described: String, checker: PlistLibChecker, tally: inout Tally) {
            guard FileManager.default.fileExists(atPath: store.path) || !store.storedValues().isEmpty else { return }
            if let problem = checker.problem(withFileAt: store.path) {
                tally.unreadableFiles += 1
                tally.problem("plistlib: \(problem) after \(described)")
            }
        }

        private func checkEveryStoredValue(_ store: SuiteStore, schema: PreferenceSchema, tally: inout Tally) {
            for (name, value) in store.storedValues() {
                guard let key = try? schema.requireKey(named: name) else {
                    tally.invalidStored += 1
                    tally.problem("a key outside the schema was stored: \(name.debugDescription)")
                    continue
                }
                if let problem = key.problem(with: value) {
                    tally.invalidStored += 1
                    tally.problem("\(name) holds \(value.summary): \(problem)")
                }
            }
        }
    }
}
