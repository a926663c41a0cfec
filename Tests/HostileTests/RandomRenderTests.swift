import Foundation
import PrefsDemo
import PrefsModel
import PrefsTestSupport
import Testing

extension Hostile {
    /// Random key sequences through `prefs-tui render` at random sizes from 1×1 to 300×100.
    /// A process gets a batch of sequences in one `--keys` (starting a process per sequence
    /// would cost more than the rendering under test), one size, and a deadline: running
    /// past it counts as a hang.
    @Suite("Random keys through render")
    struct RandomRender {
        static let seed: UInt64 = 20_261_122
        static let sequencesPerProcess = 25

        @Test func noKeySequenceCrashesOrHangsTheEditorAtAnySize() async throws {
            let total = HostileRun.count(20_000, minimum: 250)
            let folder = TemporaryDirectory()
            let schemaFile = folder.file("hostile.json")
            try HostileSchema.json.write(toFile: schemaFile, atomically: true, encoding: .utf8)
            try seedSuites(in: folder)
            var maker = RandomKeySequenceMaker(generator: SeededGenerator(seed: Self.seed))
            let programs = Programs(configHome: folder.path)
            var sequences = 0, processes = 0, crashes = 0, hangs = 0, wrongFrames = 0
            var problems: [String] = []

            while sequences < total {
                let batch = min(Self.sequencesPerProcess, total - sequences)
                // The first two processes pin the extremes; the rest are random.
                let size = processes == 0 ? (1, 1) : processes == 1 ? (300, 100) : maker.size()
                let keys = ((0..<batch).flatMap { _ in maker.sequence() } + maker.ending()).joined(separator: " ")
                let schema = processes % 2 == 0 ? [] : ["--schema", schemaFile]
                // `--keys=…` in one argument: a sequence may start with the key "-", and a separate
                // argument starting with "-" would be read as an option, not as the value.
                let arguments = ["render", "--width", String(size.0), "--height", String(size.1), "--keys=" + keys] + schema
                let child = programs.prefsTUI(arguments)
                try child.start()
                sequences += batch
                processes += 1

                guard let result = await child.finish(within: .seconds(30)) else {
                    hangs += 1
                    child.stop(signal: SIGKILL)
                    problems.append("hang at \(size.0)×\(size.1): --keys \"\(keys.prefix(200))…\" \(schema.joined(separator: " "))")
                    continue
                }
                if result.status != 0 {
                    if result.status >= 128 { crashes += 1 }
                    problems.append("exit \(result.status) at \(size.0)×\(size.1): --keys \"\(keys.prefix(200))…\" \(schema.joined(separator: " ")): \(result.error.suffix(300))")
                    continue
                }
                let lines = result.output.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
                if lines.count != size.1 || lines.contains(where: { $0.count > size.0 }) {
                    wrongFrames += 1
                    problems.append("a \(size.0)×\(size.1) frame came out \(lines.map(\.count).max() ?? 0)×\(lines.count): --keys \"\(keys.prefix(200))…\"")
                }
            }

            HostileRun.report("\(sequences) random key sequences through render in \(processes) processes at random sizes 1×1…300×100: \(crashes) crashes, \(hangs) hangs, \(problems.count - crashes - hangs - wrongFrames) other failures, \(wrongFrames) frames of the wrong size")
            #expect(problems.isEmpty, "\(problems.prefix(5).joined(separator: "\n"))")
        }

        /// Values in both suites, so the editor has lists, long text and odd values to show.
        private func seedSuites(in folder: TemporaryDirectory) throws {
            let demo = SuiteStore(suiteName: WeatherSettings.suiteName, directory: folder.path, watchForChanges: false)
            try demo.commit([
                "city": .string(String(repeating: "Llanfairpwllgwyngyll", count: 3)),
                "favoriteCities": .array(["Tromsø", "北京", "😀", "São Paulo", "Oslo", "Bergen", "Reykjavík"].map { .string($0) }),
                "refreshInterval": .int(500),
            ])
            let hostile = SuiteStore(suiteName: HostileSchema.suiteName, directory: folder.path, watchForChanges: false)
            try hostile.commit([
                "note": .string(String(repeating: "wide 北京 text ", count: 40)),
                "tags": .array((0..<60).map { .string("tag \($0)") }),
                "table": .dictionary(["a": .string("b"), "北": .string("京")]),
                "weights": .dictionary(["x": .double(0.5)]),
                "count": .string("not a number"),
            ])
        }
    }
}
