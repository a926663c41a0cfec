import Foundation
import PrefsTestSupport
import Testing
@testable import prefs_tui

/// With a large `--schema` the suite is opened on a worker while the schema is read (see
/// `SuiteSelection.schemaBytesWorthAThread`); what the commands show must not depend on it.
@Suite("A large schema and its suite, opened side by side")
struct LargeSchemaOpeningTests {
    /// A schema of `count` int settings for `suite`, each with a long help text.
    private func schema(suite: String, count: Int) -> String {
        let help = String(repeating: "A number kept for the large-schema test. ", count: 5)
        let settings = (0..<count).map { #"{"key": "n\#($0)", "type": "int", "default": 3, "title": "Number \#($0)", "help": "\#(help)"}"# }
        return #"{"suite": "\#(suite)", "sections": [{"name": "Numbers", "settings": [\#(settings.joined(separator: ", "))]}]}"#
    }

    private func shownValue(of title: String, in frame: String) -> String? {
        frame.components(separatedBy: "\n").first { $0.contains(title + " ") }?
            .split(separator: " ").last.map(String.init)
    }

    @Test func theSuiteTheSchemaNamesAndTheOneGivenShowTheirOwnValues() throws {
        let cli = CommandLineFixture()
        let text = schema(suite: "com.acme.large", count: 1_200)
        #expect(text.utf8.count >= SuiteSelection.schemaBytesWorthAThread)
        let path = try cli.write(text, to: "large.json")
        #expect(try cli.run("set", "n0", "42", "--schema", path).status == 0)
        #expect(try cli.run("set", "n0", "7", "--schema", path, "--suite", "com.acme.other").status == 0)

        let named = try cli.run("render", "--schema", path)
        let given = try cli.run("render", "--schema", path, "--suite", "com.acme.other")

        #expect(named.status == 0 && given.status == 0, "\(named.error) \(given.error)")
        #expect(shownValue(of: "Number 0", in: named.output) == "42", "\(named.output)")
        #expect(shownValue(of: "Number 0", in: given.output) == "7", "\(given.output)")
    }

    /// Under a limit of one process or thread for its user (`ulimit -u`, a container's
    /// `pids.max`), no second thread can be made: the suite is then opened by the thread that
    /// reads the schema, and the frame comes. (On libdispatch's pool, the caller hung: it retries
    /// a refused thread every second, for ever.) As root the limit does not apply, so the
    /// command runs as `nobody` there.
    @Test func withNoThreadToBeHadTheFrameStillComes() async throws {
        let folder = TemporaryDirectory()
        chmod(folder.path, 0o755)
        let path = folder.file("large.json")
        try schema(suite: "com.acme.large", count: 1_200).write(toFile: path, atomically: false, encoding: .utf8)
        chmod(path, 0o644)
        let asNobody = geteuid() == 0 ? ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", "--"] : []
        let render = ChildProcess(program: "/usr/bin/prlimit",
                                  arguments: ["--nproc=1:1", "--"] + asNobody + [ChildProcess.path(ofProduct: "prefs-tui"), "render", "--schema", path],
                                  configHome: folder.path, environment: ["HOME": folder.path])
        try render.start()

        let result = await render.finish(within: .seconds(20))
        if result == nil { _ = render.stop(signal: SIGKILL) }

        #expect(result?.status == 0, "\(result.map { "\($0.status) \($0.error)" } ?? "still running after 20 s")")
        #expect(result.flatMap { shownValue(of: "Number 0", in: $0.output) } == "3", "\(result?.output ?? "")")
    }

    @Test func aLargeSchemaThatCannotBeReadIsReportedAndNothingIsShown() throws {
        let cli = CommandLineFixture()
        let broken = String(schema(suite: "com.acme.large", count: 1_200).dropLast(3))
        let path = try cli.write(broken, to: "broken.json")

        let result = try cli.run("render", "--schema", path)

        #expect(result.status == 65, "\(result.status) \(result.error)")
        #expect(result.error.contains("broken.json"))
        #expect(result.output.isEmpty)
    }
}
