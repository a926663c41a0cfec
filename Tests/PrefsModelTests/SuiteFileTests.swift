import PrefsDemo
import Foundation
import PrefsTestSupport
import Testing
@testable import PrefsModel

@Suite("The suite file on disk")
struct SuiteFileTests {
    private func mode(of path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.posixPermissions] as? Int) ?? -1
    }

    @Test func aCommittedWriteIsAnXMLPlistWithMode0600WhenTheCallReturns() throws {
        let fixture = StoreFixture(.suite)
        fixture.prefs[.city] = "Bergen"

        let text = try String(contentsOfFile: fixture.plistPath, encoding: .utf8)
        #expect(text.contains("<?xml"))
        #expect(text.contains("<key>city</key>"))
        #expect(text.contains("<string>Bergen</string>"))
        #expect(mode(of: fixture.plistPath) == 0o600)
    }

    @Test(arguments: [0o640, 0o644, 0o600])
    func aWriteKeepsTheExistingFilesPermissionBits(mode: Int) throws {
        let fixture = StoreFixture(.suite)
        fixture.prefs[.city] = "Oslo"
        chmod(fixture.plistPath, mode_t(mode))

        fixture.prefs[.city] = "Bergen"

        #expect(self.mode(of: fixture.plistPath) == mode)
    }

    @Test func aWriteThroughALinkKeepsTheTargetsPermissionBitsAndANewFileIs0600() throws {
        let config = TemporaryDirectory()
        let dotfiles = TemporaryDirectory()
        let target = dotfiles.file("app.plist")
        try SuiteStore(suiteName: "app", directory: dotfiles.path, watchForChanges: false).commit(["city": .string("Oslo")])
        let created = mode(of: target)
        chmod(target, 0o640)
        try FileManager.default.createSymbolicLink(atPath: config.file("app.plist"), withDestinationPath: target)

        try SuiteStore(suiteName: "app", directory: config.path, watchForChanges: false).commit(["city": .string("Bergen")])

        #expect(created == 0o600)
        #expect(mode(of: target) == 0o640)
    }

    @Test(.enabled(if: geteuid() == 0, "only root can write a file another user owns"))
    func rootWritingAnotherUsersSuiteKeepsItsOwnerAndGroup() throws {
        let fixture = StoreFixture(.suite)
        fixture.prefs[.city] = "Oslo"
        chown(fixture.plistPath, 4242, 4343)
        chmod(fixture.plistPath, 0o640)

        fixture.prefs[.city] = "Bergen"

        var info = stat()
        #expect(stat(fixture.plistPath, &info) == 0)
        #expect(info.st_uid == 4242 && info.st_gid == 4343)
        #expect(Int(info.st_mode & 0o7777) == 0o640)
    }

    @Test func theFileLivesWhereFoundationLooksForTheSuite() {
        #expect(SuiteLocation.defaultDirectory(environment: ["XDG_CONFIG_HOME": "/x/config", "HOME": "/home/a"]) == "/x/config")
        #expect(SuiteLocation.defaultDirectory(environment: ["XDG_CONFIG_HOME": "relative", "HOME": "/home/a"]) == "/home/a/.config")
        #expect(SuiteLocation.defaultDirectory(environment: ["XDG_CONFIG_HOME": "", "HOME": "/home/a"]) == "/home/a/.config")
        let store = SuiteStore(suiteName: "com.example.weather", directory: "/x/config", watchForChanges: false)
        #expect(store.path == "/x/config/com.example.weather.plist")
    }

    @Test func aFoundationProgramReadsWhatWeWriteIncludingTheWholeURL() throws {
        let directory = TemporaryDirectory()
        let store = SuiteStore(suiteName: "com.example.weather", directory: directory.path, watchForChanges: false)
        let prefs = Preferences(store: store, schema: WeatherSettings.schema)
        try prefs.set(.fahrenheit, for: .temperatureNotation)
        try prefs.set(45, for: .refreshInterval)
        try prefs.set(URL(string: "https://example.com/a?b=1")!, for: .dataSource)

        func foundationRead(_ key: String) throws -> String {
            let result = try HelperProcess.run(["foundation-read", "com.example.weather", key], configHome: directory.path)
            #expect(result.status == 0, "\(result.error)")
            return result.output.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        #expect(try foundationRead("temperatureNotation") == "String fahrenheit")
        #expect(try foundationRead("refreshInterval").hasSuffix(" 45"))
        #expect(try foundationRead("dataSource") == "String https://example.com/a?b=1")
    }

    @Test func weReadWhatAFoundationProgramWrites() throws {
        let directory = TemporaryDirectory()
        let set1 = try HelperProcess.run(["foundation-set-string", "com.example.weather", "city", "Tromsø"], configHome: directory.path)
        let set2 = try HelperProcess.run(["foundation-set-int", "com.example.weather", "refreshInterval", "90"], configHome: directory.path)
        #expect(set1.status == 0 && set2.status == 0, "\(set1.error)\(set2.error)")

        let prefs = Preferences(suiteName: "com.example.weather", schema: WeatherSettings.schema, directory: directory.path)
        #expect(prefs[.city] == "Tromsø")
        #expect(prefs[.refreshInterval] == 90)
    }

    @Test func aCorruptFileIsReadAsDefaultsAndLeftAlone() throws {
        let fixture = StoreFixture(.suite)
        let garbage = Data("<?xml version=\"1.0\"?><plist><dict><key>city</key><string>Ber".utf8)
        try garbage.write(to: URL(fileURLWithPath: fixture.plistPath))

        let store = SuiteStore(suiteName: "test.suite", directory: fixture.directory.path, watchForChanges: false)
        let prefs = Preferences(store: store, schema: WeatherSettings.schema)
        #expect(prefs[.city] == "Oslo")
        #expect(store.loadProblem?.contains("test.suite.plist is not a valid property list") == true)
        #expect(try Data(contentsOf: URL(fileURLWithPath: fixture.plistPath)) == garbage)
    }

    @Test func aStoreThatReadValidSettingsKeepsThemWhenItFindsTheFileHalfWritten() throws {
        let fixture = StoreFixture(.suite)
        let store = SuiteStore(suiteName: "test.suite", directory: fixture.directory.path, watchForChanges: false)
        try store.commit(["city": .string("Bergen"), "units": .string("metric")])
        // What a program rewriting the file in place (no lock, no rename) leaves mid-write.
        let halfWritten = Data("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n\t<key>ci".utf8)
        try halfWritten.write(to: URL(fileURLWithPath: fixture.plistPath))

        try store.commit(["refreshInterval": .int(30)])

        #expect(SuiteStore(suiteName: "test.suite", directory: fixture.directory.path, watchForChanges: false).storedValues()
                == ["city": .string("Bergen"), "units": .string("metric"), "refreshInterval": .int(30)])
        let copies = try FileManager.default.contentsOfDirectory(atPath: fixture.directory.path)
            .filter { $0.hasPrefix("test.suite.plist.corrupt-") }
        #expect(try copies.map { try Data(contentsOf: URL(fileURLWithPath: fixture.directory.file($0))) } == [halfWritten])
        #expect(store.takeWarnings().first?.hasSuffix("a new file was written with the 2 settings read at the last look") == true)
    }

    @Test func aWriteWaitsForAFileBeingRewrittenInPlaceToSettleInsteadOfReplacingIt() throws {
        let fixture = StoreFixture(.suite)
        let store = SuiteStore(suiteName: "test.suite", directory: fixture.directory.path, watchForChanges: false)
        try store.commit(["a": .int(1)])
        let path = fixture.plistPath
        let settled = try PlistXMLWriter.document(["a": .int(1), "b": .int(2)])
        // Another program rewriting the file in place, no lock: 15 half-written states 10 ms
        // apart (each a different length, so each look sees the file change), then the whole.
        let other = Thread {
            for step in 1...15 {
                _ = try? Data(settled.prefix(20 + step * 7)).write(to: URL(fileURLWithPath: path))
                usleep(10_000)
            }
            _ = try? Data(settled).write(to: URL(fileURLWithPath: path))
        }
        _ = try Data(settled.prefix(20)).write(to: URL(fileURLWithPath: path))
        other.start()

        try store.commit(["c": .int(3)])

        #expect(SuiteStore(suiteName: "test.suite", directory: fixture.directory.path, watchForChanges: false).storedValues()
                == ["a": .int(1), "b": .int(2), "c": .int(3)])
        #expect(try FileManager.default.contentsOfDirectory(atPath: fixture.directory.path).filter { $0.contains(".corrupt-") }.isEmpty)
    }

    @Test func aWriteWaitsForAFileThatIsGoneForAMomentInsteadOfStartingFromNothing() throws {
        let fixture = StoreFixture(.suite)
        let store = SuiteStore(suiteName: "test.suite", directory: fixture.directory.path, watchForChanges: false)
        try store.commit(["a": .int(1)])
        let path = fixture.plistPath
        let rewritten = try PlistXMLWriter.document(["a": .int(1), "b": .int(2)])
        // Another program replacing the file by removing it and writing it anew, no lock.
        unlink(path)
        let other = Thread {
            usleep(50_000)
            _ = try? Data(rewritten).write(to: URL(fileURLWithPath: path))
        }
        other.start()

        try store.commit(["c": .int(3)])

        #expect(SuiteStore(suiteName: "test.suite", directory: fixture.directory.path, watchForChanges: false).storedValues()
                == ["a": .int(1), "b": .int(2), "c": .int(3)])
    }

    @Test func aSuiteFileDeletedForGoodIsTakenAsDeleted() throws {
        let fixture = StoreFixture(.suite)
        let store = SuiteStore(suiteName: "test.suite", directory: fixture.directory.path, watchForChanges: false)
        try store.commit(["a": .int(1)])
        unlink(fixture.plistPath)

        try store.commit(["c": .int(3)])

        #expect(SuiteStore(suiteName: "test.suite", directory: fixture.directory.path, watchForChanges: false).storedValues()
                == ["c": .int(3)])
    }

    @Test func aFileTruncatedBetweenItsSizeAndItsReadIsNotTakenForAnEmptySuite() throws {
        let fixture = StoreFixture(.suite)
        try SuiteStore(suiteName: "test.suite", directory: fixture.directory.path, watchForChanges: false)
            .commit(["a": .int(1), "b": .int(2)])
        let document = try Data(contentsOf: URL(fileURLWithPath: fixture.plistPath))
        // Another program rewriting the file in place: the first look finds it truncated after
        // its size was taken; the file is whole again for the looks after.
        let looks = Locked(0)
        let hooks = SuiteFileHooks(afterSizeRead: { path in
            let look = looks.withLock { $0 += 1; return $0 }
            if look == 2 { truncate(path, 0) }
            if look == 3 { try? document.write(to: URL(fileURLWithPath: path)) }
        })
        var options = SuiteStore.Options()
        options.hooks = hooks
        let store = SuiteStore(suiteName: "test.suite", directory: fixture.directory.path, watchForChanges: false, options: options)

        try store.commit(["c": .int(3)])

        #expect(SuiteStore(suiteName: "test.suite", directory: fixture.directory.path, watchForChanges: false).storedValues()
                == ["a": .int(1), "b": .int(2), "c": .int(3)])
    }

    @Test func writingOverACorruptFilePreservesItByteForByte() throws {
        let fixture = StoreFixture(.suite)
        let garbage = Data("not a plist at all \u{1}\u{2}".utf8)
        try garbage.write(to: URL(fileURLWithPath: fixture.plistPath))
        let store = SuiteStore(suiteName: "test.suite", directory: fixture.directory.path, watchForChanges: false)

        try store.commit(["city": .string("Bergen")])

        let copies = try FileManager.default.contentsOfDirectory(atPath: fixture.directory.path)
            .filter { $0.hasPrefix("test.suite.plist.corrupt-") }
        #expect(copies.count == 1)
        let copy = try #require(copies.first)
        #expect(copy.range(of: #"^test\.suite\.plist\.corrupt-\d{8}T\d{6}Z$"#, options: .regularExpression) != nil)
        #expect(try Data(contentsOf: URL(fileURLWithPath: fixture.directory.file(copy))) == garbage)
        let warnings = store.takeWarnings()
        #expect(warnings.count == 1)
        #expect(warnings.first?.contains(copy) == true)
        #expect(SuiteStore(suiteName: "test.suite", directory: fixture.directory.path, watchForChanges: false)
            .storedValues() == ["city": .string("Bergen")])
        #expect(store.loadProblem == nil)
    }

    @Test func anUnwritableFolderFailsTheWriteNamingThePathAndSavesNothing() throws {
        let directory = TemporaryDirectory()
        // A regular file where the folder should be: unwritable even for root, who ignores modes.
        let blocked = directory.file("not-a-folder")
        try Data("x".utf8).write(to: URL(fileURLWithPath: blocked))
        let store = SuiteStore(suiteName: "app", directory: blocked, watchForChanges: false)
        let prefs = Preferences(store: store, schema: WeatherSettings.schema)

        #expect(throws: PreferenceError.writeFailed(path: blocked, reason: "it is not a folder")) {
            try prefs.set("Bergen", for: .city)
        }
        #expect(prefs[.city] == "Oslo")
        #expect(store.storedValues().isEmpty)
    }

    @Test func aReadOnlyFileFailsTheWriteAndStaysAsItWas() throws {
        let fixture = StoreFixture(.suite)
        fixture.prefs[.city] = "Bergen"
        chmod(fixture.plistPath, 0o444)
        let before = try Data(contentsOf: URL(fileURLWithPath: fixture.plistPath))

        #expect(throws: PreferenceError.writeFailed(path: fixture.plistPath, reason: "the file is read-only")) {
            try fixture.prefs.set("Tromsø", for: .city)
        }
        #expect(fixture.prefs[.city] == "Bergen")
        #expect(try Data(contentsOf: URL(fileURLWithPath: fixture.plistPath)) == before)
        #expect(mode(of: fixture.plistPath) == 0o444)
    }

    @Test func aCommitThatChangesNothingLeavesTheFileAsItIs() throws {
        let fixture = StoreFixture(.suite)
        try fixture.store.commit(["city": .string("Bergen")])
        let before = try FileManager.default.attributesOfItem(atPath: fixture.plistPath)[.systemFileNumber] as? Int

        let changes = try fixture.store.commit(["city": .string("Bergen"), "units": nil])

        #expect(changes.isEmpty)
        #expect(try FileManager.default.attributesOfItem(atPath: fixture.plistPath)[.systemFileNumber] as? Int == before)
    }

    @Test(arguments: StoreKind.allCases)
    func aCommitReportsOnlyTheKeysItChanged(kind: StoreKind) throws {
        let fixture = StoreFixture(kind, initial: Dictionary(uniqueKeysWithValues: (0..<500).map { ("key\($0)", PlistValue.int($0)) }))

        let changes = try fixture.store.commit(["key7": .int(7), "key8": .string("eight"), "key9": nil, "new": .bool(true)])

        #expect(changes == [
            StoredChange(key: "key8", old: .int(8), new: .string("eight")),
            StoredChange(key: "key9", old: .int(9), new: nil),
            StoredChange(key: "new", old: nil, new: .bool(true)),
        ])
        #expect(fixture.store.storedValues().count == 500)
    }

    @Test func openingAndReadingASuiteInAMissingFolderCreatesNothing() throws {
        let parent = TemporaryDirectory()
        let directory = parent.file("config")

        let prefs = Preferences(suiteName: "typo.name", schema: WeatherSettings.schema, directory: directory)
        _ = prefs[.city]
        _ = prefs.diagnostics()

        #expect(!FileManager.default.fileExists(atPath: directory))
    }

    @Test func readingCreatesNoLockFileAndAWriteDoes() throws {
        let directory = TemporaryDirectory()
        let prefs = Preferences(suiteName: "typo.name", schema: WeatherSettings.schema, directory: directory.path)

        _ = prefs[.city]

        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
        try prefs.set("Bergen", for: .city)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == ["typo.name.plist", "typo.name.plist.lock"])
    }

    @Test func readsComeFromMemoryNotFromTheFile() throws {
        let fixture = StoreFixture(.suite)
        fixture.prefs[.city] = "Bergen"
        // Remove the file behind the store's back (no watcher here): reads still answer from memory.
        try FileManager.default.removeItem(atPath: fixture.plistPath)
        #expect(fixture.prefs[.city] == "Bergen")
    }
}

/// Dotfile managers (GNU Stow, home-manager, chezmoi) keep `~/.config/<suite>.plist` as a
/// symbolic link into a repository: writes must reach the link's target and leave the link.
@Suite("A symlinked suite file")
struct SymlinkedSuiteTests {
    private let config: TemporaryDirectory
    private let dotfiles: TemporaryDirectory
    private var link: String { config.file("app.plist") }

    init() {
        config = TemporaryDirectory()
        dotfiles = TemporaryDirectory()
    }

    private func store() -> SuiteStore {
        SuiteStore(suiteName: "app", directory: config.path, watchForChanges: false)
    }

    private func linkDestination(_ path: String) -> String? {
        try? FileManager.default.destinationOfSymbolicLink(atPath: path)
    }

    private func plistValues(at path: String) throws -> [String: PlistValue] {
        let root = try PropertyListSerialization.propertyList(from: Data(contentsOf: URL(fileURLWithPath: path)), options: [], format: nil)
        guard case .dictionary(let values)? = PlistValue(foundationObject: root) else { return [:] }
        return values
    }

    private func leftovers(in directory: TemporaryDirectory) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.contains(".tmp-") }
    }

    @Test func aWriteReachesTheTargetAndTheLinkStays() throws {
        let target = dotfiles.file("app.plist")
        try SuiteStore(suiteName: "app", directory: dotfiles.path, watchForChanges: false).commit(["city": .string("Oslo")])
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        let store = store()
        #expect(store.storedValue(forKey: "city") == .string("Oslo"))

        try store.commit(["units": .string("metric")])

        #expect(linkDestination(link) == target)
        #expect(try plistValues(at: target) == ["city": .string("Oslo"), "units": .string("metric")])
        #expect(try leftovers(in: config).isEmpty && leftovers(in: dotfiles).isEmpty)
    }

    @Test func aRelativeLinkResolvesAgainstItsOwnFolder() throws {
        let relative = "../\((dotfiles.path as NSString).lastPathComponent)/app.plist"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: relative)

        try store().commit(["city": .string("Bergen")])

        #expect(linkDestination(link) == relative)
        #expect(try plistValues(at: dotfiles.file("app.plist")) == ["city": .string("Bergen")])
    }

    @Test func aChainOfTwoLinksIsFollowedToTheEnd() throws {
        let middle = dotfiles.file("middle.plist")
        let target = dotfiles.file("app.plist")
        try FileManager.default.createSymbolicLink(atPath: middle, withDestinationPath: target)
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: middle)

        try store().commit(["city": .string("Bodø")])

        #expect(linkDestination(link) == middle)
        #expect(linkDestination(middle) == target)
        #expect(try plistValues(at: target) == ["city": .string("Bodø")])
    }

    @Test func aCorruptTargetIsPreservedAsItsBytesNotAsALink() throws {
        let target = dotfiles.file("app.plist")
        let garbage = Data("<plist><dict><key>city</key><string>Ber".utf8)
        try garbage.write(to: URL(fileURLWithPath: target))
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        let store = store()

        try store.commit(["city": .string("Bergen")])

        let copies = try FileManager.default.contentsOfDirectory(atPath: config.path).filter { $0.hasPrefix("app.plist.corrupt-") }
        let copy = config.file(try #require(copies.first))
        #expect(linkDestination(copy) == nil, "the copy is a file, not a link")
        #expect(try Data(contentsOf: URL(fileURLWithPath: copy)) == garbage)
        #expect(linkDestination(link) == target)
        #expect(try plistValues(at: target) == ["city": .string("Bergen")])
    }

    @Test func aDanglingLinkGetsItsTargetCreated() throws {
        let target = dotfiles.file("app.plist")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        let store = store()
        #expect(store.loadProblem == nil)

        try store.commit(["city": .string("Tromsø")])

        #expect(linkDestination(link) == target)
        #expect(try plistValues(at: target) == ["city": .string("Tromsø")])
    }

    @Test func aDanglingLinkIntoAMissingFolderFailsNamingThatFolder() throws {
        let missingFolder = dotfiles.file("not-checked-out")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: missingFolder + "/app.plist")

        #expect {
            try store().commit(["city": .string("Tromsø")])
        } throws: { error in
            "\(error)".contains(missingFolder) && "\(error)".contains("does not exist")
        }
        #expect(!FileManager.default.fileExists(atPath: missingFolder))
        #expect(linkDestination(link) == missingFolder + "/app.plist")
    }

    @Test(.enabled(if: ReadOnlyFolder.canBeMade, "root on a file system without chattr +i cannot make a read-only folder"))
    func aLinkIntoAReadOnlyFolderFailsAndChangesNothing() throws {
        let target = dotfiles.file("app.plist")
        try SuiteStore(suiteName: "app", directory: dotfiles.path, watchForChanges: false).commit(["city": .string("Oslo")])
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        let before = try Data(contentsOf: URL(fileURLWithPath: target))
        let store = store()

        try ReadOnlyFolder.during(dotfiles.path) {
            #expect {
                try store.commit(["city": .string("Bergen")])
            } throws: { error in
                "\(error)".contains(link) && "\(error)".contains(dotfiles.path)
            }
        }

        #expect(try Data(contentsOf: URL(fileURLWithPath: target)) == before)
        #expect(linkDestination(link) == target)
        #expect(store.storedValue(forKey: "city") == .string("Oslo"))
    }
}

