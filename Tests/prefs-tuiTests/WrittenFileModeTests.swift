import Foundation
import PrefsTestSupport
import Testing

/// A write sets the suite's mode exactly, whatever the umask of the program writing it: a new
/// suite is 0600 (settings may hold tokens), an existing one keeps its own.
@Suite("The mode a written suite has, under any umask")
struct WrittenFileModeTests {
    private func set(_ cli: CommandLineFixture, underUmask mask: String) throws -> ChildProcess.Result {
        try ChildProcess.run(executablePath: "/bin/bash", arguments: ["-c", #"umask \#(mask); exec "$0" "$@""#,
                                                                      CommandLineFixture.binary, "set", "city", "Bergen"],
                             configHome: cli.directory.path)
    }

    private func mode(of path: String) -> mode_t {
        var status = stat()
        return stat(path, &status) == 0 ? status.st_mode & 0o7777 : 0
    }

    @Test func aNewSuiteIs0600EvenWhereTheUmaskTakesTheOwnersWrite() throws {
        let cli = CommandLineFixture()

        let result = try set(cli, underUmask: "277")

        #expect(result.status == 0, "\(result.error)")
        #expect(mode(of: cli.plistPath) == 0o600)
    }

    @Test(arguments: [("277", mode_t(0o644)), ("0", mode_t(0o600)), ("077", mode_t(0o640))])
    func anExistingSuiteKeepsItsMode(mask: String, existing: mode_t) throws {
        let cli = CommandLineFixture()
        try cli.run("set", "city", "Hamar")  // not the default, so the suite file is written
        #expect(chmod(cli.plistPath, existing) == 0)

        let result = try set(cli, underUmask: mask)

        #expect(result.status == 0, "\(result.error)")
        #expect(mode(of: cli.plistPath) == existing)
        #expect(cli.stored["city"] == .string("Bergen"))
    }
}
