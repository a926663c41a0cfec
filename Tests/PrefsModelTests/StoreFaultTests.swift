import Foundation
import PrefsTestSupport
import Testing
@testable import PrefsModel

/// The suite store under faults: a file whose identity repeats, a program rewriting the file in
/// place, permission errors, planted links, dead writers' leftovers, a folder in the file's
/// place, over-long names and a lock held by a stopped writer. One quick check each; the
/// repeated runs are in the hostile suite.
@Suite("The suite store under faults")
struct StoreFaultTests {
    private let directory = TemporaryDirectory()

    private func store(_ suite: String = "app", options: SuiteStore.Options = SuiteStore.Options()) -> SuiteStore {
        SuiteStore(suiteName: suite, directory: directory.path, watchForChanges: false, options: options)
    }

    private func mode(of path: String) -> mode_t {
        var info = stat()
        return lstat(path, &info) == 0 ? info.st_mode & 0o7777 : 0
    }

    /// A pid no process has: a child that ran and was reaped.
    private func deadPid() throws -> pid_t {
        let child = ChildProcess(executablePath: "/bin/true", arguments: [], configHome: directory.path)
        try child.start()
        _ = child.finish()
        return child.processIdentifier
    }

    // MARK: 1. Lost updates when the file's identity repeats

    @Test func countersNeverGoBackwardsWhenEveryVersionOfTheFileHasTheSameIdentity() async throws {
        let writers = (0..<3).map { HelperProcess.make(["count-up-pinned", "app", "counter\($0)", "60"], configHome: directory.path) }
        var highest: [String: String] = [:]
        var wentBack: [String] = []

        for writer in writers { try writer.start() }
        while writers.contains(where: { $0.isRunning }) {
            for (key, value) in store().storedValues() {
                guard case .string(let text) = value else { continue }
                if let before = highest[key], text < before { wentBack.append("\(key): \(before) → \(text)") }
                highest[key] = max(highest[key] ?? "", text)
            }
        }
        let statuses = writers.map { $0.finish().status }

        #expect(statuses == [0, 0, 0])
        #expect(wentBack.count == 0, "\(wentBack.prefix(5))")
        #expect(store().storedValues() == ["counter0": .string("00000060"), "counter1": .string("00000060"),
                                           "counter2": .string("00000060")])
    }

    @Test func aReloadSeesAChangedFileWhoseInodeSizeAndModificationTimeAreUnchanged() throws {
        try store().commit(["city": .string("Bergen")])
        let reader = store()
        let path = directory.file("app.plist")
        var before = stat()
        stat(path, &before)
        // Rewritten in place, same length, and its modification time set back: to everything but
        // the change time this is the old version.
        let text = try String(contentsOfFile: path, encoding: .utf8).replacingOccurrences(of: "Bergen", with: "Narvik")
        let handle = try #require(FileHandle(forWritingAtPath: path))
        handle.write(Data(text.utf8))
        try handle.close()
        var times = [before.st_atim, before.st_mtim]
        utimensat(AT_FDCWD, path, &times, 0)

        reader.reload()

        #expect(reader.storedValue(forKey: "city") == .string("Narvik"))
    }

    // MARK: 2. A 0-byte moment

    @Test func aProgramRewritingTheFileInPlaceNeverMakesOurWritesDropItsKeys() throws {
        let seeded = try HelperProcess.run(["foundation-write-every-type", "app"], configHome: directory.path)
        #expect(seeded.status == 0, "\(seeded.error)")
        let foundationKeys = Set(store().storedValues().keys)
        let inPlace = HelperProcess.make(["foundation-rewrite-loop", "app", "400"], configHome: directory.path)
        let ours = HelperProcess.make(["write-keys", "app", "ours", "150"], configHome: directory.path)

        try inPlace.start()
        try ours.start()
        let statuses = [inPlace.finish().status, ours.finish().status]

        #expect(statuses == [0, 0])
        let final = store()
        let missing = foundationKeys.subtracting(final.storedValues().keys)
        #expect(missing.isEmpty, """
            the in-place writer's keys lost: \(missing.sorted()); the file now: \(final.loadProblem ?? "readable"), \
            \(final.storedValues().count) keys; the writers said: \(inPlace.finish().error) \(ours.finish().error)
            """)
    }

    @Test func aFileFoundEmptyWhereItHeldSettingsIsNeverTakenForNoSettings() throws {
        let writer = store()
        try writer.commit(["city": .string("Bergen"), "units": .string("metric")])
        // What another program leaves when it truncates and has not written yet (or died then).
        truncate(directory.file("app.plist"), 0)

        writer.reload()
        #expect(writer.storedValue(forKey: "city") == .string("Bergen"))
        #expect(writer.loadProblem?.contains("app.plist is empty") == true)
        try writer.commit(["city": .string("Bergen")])  // changes nothing, so writes nothing
        try writer.commit(["note": .string("hello")])

        #expect(store().storedValues() == ["city": .string("Bergen"), "units": .string("metric"), "note": .string("hello")])
        #expect(writer.takeWarnings().first?.contains("was empty, though it held 2 settings") == true)
    }

    @Test func anEmptyFileNeverSeenWithSettingsIsAnEmptySuite() throws {
        _ = FileManager.default.createFile(atPath: directory.file("app.plist"), contents: Data())

        let fresh = store()
        try fresh.commit(["city": .string("Bergen")])

        #expect(fresh.loadProblem == nil)
        #expect(store().storedValues() == ["city": .string("Bergen")])
    }

    // MARK: 3. Permission errors

    @Test(.enabled(if: Unprivileged.unavailableReason == nil, "\(Unprivileged.unavailableReason ?? "")"))
    func aFolderWithMode0000IsAWarningForReadsAndAFailedWrite() throws {
        let config = directory.file("config")
        try SuiteStore(suiteName: "app", directory: config, watchForChanges: false).commit(["city": .string("Bergen")])
        let restore = Unprivileged.lockOut(config, in: directory.path)
        defer { restore() }

        let child = Unprivileged.product("prefs-test-helper", arguments: ["read-and-write", "app", "city", "Oslo"], configHome: config)
        try child.start()
        let result = child.finish()

        #expect(result.output.contains("problem: \(config)/app.plist cannot be read (Permission denied)"), "\(result.output)")
        #expect(result.status == 1)
        #expect(result.error.contains("cannot write \(config)/app.plist") && result.error.contains("Permission denied"), "\(result.error)")
    }

    // MARK: 4. Temporary and lock files never follow links

    @Test func aLinkPlantedAtTheTemporaryFilesNameIsNeverFollowed() throws {
        let victim = directory.file("root-only")
        try Data("secret".utf8).write(to: URL(fileURLWithPath: victim))
        let planted = "app.plist.tmp-\(getpid())-plantedname0"
        try FileManager.default.createSymbolicLink(atPath: directory.file(planted), withDestinationPath: victim)
        var options = SuiteStore.Options()
        options.hooks.firstTemporaryName = planted

        try store(options: options).commit(["city": .string("Bergen")])

        #expect(try Data(contentsOf: URL(fileURLWithPath: victim)) == Data("secret".utf8))
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: directory.file(planted)) == victim)
        #expect(store().storedValues() == ["city": .string("Bergen")])
    }

    @Test func aLinkPlantedAtTheLockFilesNameIsNeverFollowed() throws {
        let victim = directory.file("created-by-root")
        try FileManager.default.createSymbolicLink(atPath: directory.file("app.plist.lock"), withDestinationPath: victim)

        #expect(throws: PreferenceError.writeFailed(
            path: directory.file("app.plist.lock"), reason: "it is a symbolic link; the lock file is never opened through a link")) {
            try store().commit(["city": .string("Bergen")])
        }
        #expect(!FileManager.default.fileExists(atPath: victim))
        #expect(!FileManager.default.fileExists(atPath: directory.file("app.plist")))
    }

    @Test func temporaryNamesAreUnpredictableAndFitBesideTheLongestSuiteName() {
        let longest = String(repeating: "a", count: SuiteLocation.maximumSuiteNameBytes) + ".plist"
        let names = (0..<50).map { _ in TemporaryFileName.make(for: longest, pid: 4_194_304) }

        #expect(Set(names).count == 50)
        #expect(names.allSatisfy { $0.utf8.count <= SuiteLocation.nameMax })
        #expect(names.allSatisfy { TemporaryFileName.owner(of: $0, targetName: longest) == 4_194_304 })
        // Every one of the twelve letters varies: none is fixed by how the draw is written out.
        let randomParts = names.map { Array($0.split(separator: "-").last ?? "") }
        #expect(randomParts.allSatisfy { $0.count == TemporaryFileName.randomLength })
        for position in 0..<TemporaryFileName.randomLength {
            #expect(Set(randomParts.map { $0[position] }).count > 5, "letter \(position)")
        }
    }

    // MARK: 5. Leftovers of dead writers

    @Test func theNextWriteRemovesTheTemporaryFileOfAWriterKilledMidWriteAndKeepsLiveOnes() async throws {
        try store().commit(["city": .string("Oslo")])
        let writer = HelperProcess.make(["write-and-stop", "app", "city", "Bergen"], configHome: directory.path)
        try writer.start()
        #expect(await eventually { writer.outputSoFar.contains("stopped") })
        let killedTemporary = String(writer.outputSoFar.split(separator: " ").last ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        writer.stop(signal: SIGKILL)
        let live = directory.file("app.plist.tmp-\(getpid())-alivewriter1")
        let deadOldForm = directory.file("app.plist.tmp-\(try deadPid())")
        let otherSuite = directory.file("other.plist.tmp-\(try deadPid())-abc")
        for file in [live, deadOldForm, otherSuite] { _ = FileManager.default.createFile(atPath: file, contents: Data("x".utf8)) }
        #expect(FileManager.default.fileExists(atPath: killedTemporary))

        try store().commit(["city": .string("Tromsø")])

        let left = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.contains(".tmp-") }.sorted()
        #expect(left == [(live as NSString).lastPathComponent, (otherSuite as NSString).lastPathComponent].sorted())
        #expect(store().storedValue(forKey: "city") == .string("Tromsø"))
    }

    // MARK: 6. A folder at the suite's path

    @Test func aFolderAtTheSuitesPathIsAnErrorNamingItAndIsNeverCopied() throws {
        let folder = directory.file("app.plist")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        _ = FileManager.default.createFile(atPath: folder + "/big", contents: Data(count: 100_000))
        let store = store()

        #expect(store.loadProblem == "\(folder) is a folder, not a file; showing defaults and leaving the file as it is")
        for _ in 0..<3 {
            #expect(throws: PreferenceError.writeFailed(path: folder, reason: "is a folder, not a file")) {
                try store.commit(["city": .string("Bergen")])
            }
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == ["app.plist", "app.plist.lock"])
    }

    @Test func aFIFOAtTheSuitesPathIsAnErrorAndNoReadWaitsForAWriterOfIt() throws {
        let fifo = directory.file("app.plist")
        #expect(mkfifo(fifo, 0o600) == 0)
        let store = store()

        #expect(store.loadProblem == "\(fifo) is not a regular file; showing defaults and leaving the file as it is")
        #expect(throws: PreferenceError.writeFailed(path: fifo, reason: "is not a regular file")) {
            try store.commit(["city": .string("Bergen")])
        }
    }

    // MARK: 7. Preserved copies are private

    @Test func thePreservedCopyOfAnUnreadableFileHasMode0600() throws {
        let path = directory.file("app.plist")
        try Data("not a plist".utf8).write(to: URL(fileURLWithPath: path))
        chmod(path, 0o644)
        let previous = umask(0)
        defer { umask(previous) }

        try store().commit(["city": .string("Bergen")])

        let copy = try #require(try FileManager.default.contentsOfDirectory(atPath: directory.path).first { $0.contains(".corrupt-") })
        #expect(mode(of: directory.file(copy)) == 0o600)
        // The live file keeps the mode its owner gave it; only the copy, which nobody chose
        // to share, is private.
        #expect(mode(of: path) == 0o644)
    }

    // MARK: 8. Names too long for the suite's files

    @Test(arguments: [219, 240, 249])
    func aSuiteNameTooLongForItsFilesFailsTheWriteNamingTheLimitAndCreatesNothing(bytes: Int) throws {
        let name = String(repeating: "n", count: bytes)

        #expect {
            try store(name).commit(["city": .string("Bergen")])
        } throws: { error in
            "\(error)".contains("\(bytes) bytes (UTF-8), at most \(SuiteLocation.maximumSuiteNameBytes) allowed")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    }

    // MARK: 9. A lock held by a stopped writer

    @Test func aWriteGivesUpOnALockAStoppedWriterHoldsSayingWhoAndReadsAnswerAtOnce() async throws {
        try store().commit(["city": .string("Oslo")])
        let holder = HelperProcess.make(["write-and-stop", "app", "city", "Bergen"], configHome: directory.path)
        try holder.start()
        defer { holder.stop(signal: SIGKILL) }
        #expect(await eventually { holder.outputSoFar.contains("stopped") })
        let notes = Recorder<String>()
        let options = SuiteStore.Options(lockTimeout: .milliseconds(1500)) { notes.append($0) }
        let clock = ContinuousClock()

        // A reader that waited for the lock would not come back before the holder is killed.
        let reader = store()
        #expect(reader.storedValue(forKey: "city") == .string("Oslo"))
        let writeStart = clock.now
        #expect {
            try store(options: options).commit(["units": .string("metric")])
        } throws: { error in
            guard case .lockHeld(let path, let holderName, let seconds) = error as? PreferenceError else { return false }
            return path == directory.file("app.plist.lock") && holderName == "process \(holder.processIdentifier) (prefs-test-help)"
                && seconds == 1.5
        }
        let waited = clock.now - writeStart

        // Only a lower bound: how much longer it takes depends on the machine's load.
        #expect(waited >= .milliseconds(1500), "waited \(waited)")
        #expect(notes.all.count == 1)
        #expect(notes.all == ["waiting: process \(holder.processIdentifier) (prefs-test-help) holds the lock \(directory.file("app.plist.lock"))"])
        #expect(store().storedValues() == ["city": .string("Oslo")])
    }
}
