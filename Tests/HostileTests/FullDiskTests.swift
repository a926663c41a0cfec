import Foundation
import PrefsModel
import PrefsTestSupport
import Testing

extension Hostile {
    /// A write that fails part-way because the disk is full (ENOSPC): the config folder is a
    /// small tmpfs, filled up except for fewer pages than the new file needs. The write fails
    /// naming the path, the old suite stays byte-identical and no temporary file is left.
    ///
    /// The tmpfs is mounted in a private mount namespace (`unshare --mount`, with
    /// `--map-root-user` when not root), so nothing outside the test sees it and it goes away
    /// with the shell that checks the result.
    @Suite("Full disk")
    struct FullDisk {
        static let seed: UInt64 = 20_261_121
        static let page = 4096

        @Test func aWriteOnAFullDiskLeavesTheOldSuiteByteIdenticalAndNoTemporaryFile() throws {
            guard let namespace = Self.mountNamespacePrefix() else {
                HostileRun.report("full disk: skipped, this machine allows no private mount namespace (unshare --mount failed)")
                return
            }
            let runs = HostileRun.count(5)
            var generator = SeededGenerator(seed: Self.seed)
            var intact = 0
            var freePages: [Int] = []

            for _ in 1...runs {
                let folder = TemporaryDirectory()
                let seeded = TemporaryDirectory()
                let original = try CutShortWrite.seedSuite(in: seeded)
                let pagesNeeded = (try CutShortWrite.sizeAfterWrite() + Self.page - 1) / Self.page
                // Free space from none at all (the first write call fails) to one page short.
                let free = Int.random(in: 0..<pagesNeeded, using: &generator)
                freePages.append(free)

                let outcome = try setOnFullDisk(freePages: free, original: seeded.file("com.example.weather.plist"),
                                                folder: folder, namespace: namespace,
                                                arguments: CutShortWrite.arguments)

                let disk = folder.file("disk")
                #expect(outcome.status == 74, "\(free) free pages: exit \(outcome.status) \(outcome.error)")
                #expect(outcome.error.contains(disk), "the message must name the path: \(outcome.error)")
                #expect(outcome.after == original, "\(free) free pages: the old suite changed")
                #expect(outcome.leftovers.isEmpty, "\(free) free pages: \(outcome.leftovers)")
                #expect(outcome.nextStatus == 0, "the next write, with space freed, failed: exit \(outcome.nextStatus)")
                if outcome.status == 74 && outcome.error.contains(disk) && outcome.after == original
                    && outcome.leftovers.isEmpty && outcome.nextStatus == 0 { intact += 1 }
            }

            HostileRun.report("full disk (tmpfs, ENOSPC): \(runs) writes with \(freePages.map(String.init).joined(separator: ", ")) free 4 KiB pages: \(intact)/\(runs) failed with exit 74 naming the path, left the old suite byte-identical and no temporary file, and did not block the next write")
        }

        struct Outcome {
            var status: Int32
            var error: String
            var after: Data?
            var leftovers: [String]
            var nextStatus: Int32
        }

        /// Runs, inside one private mount namespace: mount a tmpfs as the config folder, put the
        /// original suite in it, fill the rest and free `freePages` pages, run the write, then
        /// copy out what the write left and try a write with the space given back.
        private func setOnFullDisk(freePages: Int, original: String, folder: TemporaryDirectory,
                                   namespace: [String], arguments: [String]) throws -> Outcome {
            let disk = folder.file("disk"), out = folder.file("out")
            try FileManager.default.createDirectory(atPath: disk, withIntermediateDirectories: true)
            try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
            let binary = ChildProcess.path(ofProduct: "prefs-tui")
            let script = """
                set -u
                mount -t tmpfs -o size=1m tmpfs "$DISK" || exit 90
                cp "$ORIGINAL" "$DISK/com.example.weather.plist" || exit 91
                dd if=/dev/zero of="$DISK/filler" bs=4096 2>/dev/null
                truncate -s "-$((FREE * 4096))" "$DISK/filler" || exit 92
                "$BINARY" "$@" 2>"$OUT/stderr"
                echo $? >"$OUT/status"
                ls -A "$DISK" >"$OUT/listing"
                cp "$DISK/com.example.weather.plist" "$OUT/after.plist"
                rm "$DISK/filler"
                "$BINARY" set city Bergen 2>>"$OUT/stderr"
                echo $? >"$OUT/next-status"
                """
            let child = ChildProcess(program: namespace[0], arguments: Array(namespace.dropFirst()) + ["sh", "-c", script, "sh"] + arguments,
                                     configHome: disk,
                                     environment: ["DISK": disk, "OUT": out, "ORIGINAL": original, "FREE": String(freePages),
                                                   "BINARY": binary])
            try child.start()
            let result = child.finish()
            try #require(result.status == 0, "the namespace shell failed (exit \(result.status)): \(result.error)")
            func text(_ name: String) -> String {
                (try? String(contentsOfFile: (out as NSString).appendingPathComponent(name), encoding: .utf8)) ?? ""
            }
            let listing = text("listing").split(separator: "\n").map(String.init)
            return Outcome(status: Int32(text("status").trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1,
                           error: text("stderr"),
                           after: FileManager.default.contents(atPath: (out as NSString).appendingPathComponent("after.plist")),
                           leftovers: listing.filter { $0.contains(".plist.tmp-") },
                           nextStatus: Int32(text("next-status").trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1)
        }

        /// `unshare` with what this user needs for a private mount namespace, or nil when the
        /// machine refuses one (no `unshare`, or unprivileged namespaces switched off).
        private static func mountNamespacePrefix() -> [String]? {
            let prefix = getuid() == 0 ? ["unshare", "--mount"] : ["unshare", "--user", "--map-root-user", "--mount"]
            let probe = ChildProcess(program: prefix[0], arguments: Array(prefix.dropFirst()) + ["true"], configHome: "/nonexistent")
            guard (try? probe.start()) != nil, probe.finish().status == 0 else { return nil }
            return prefix
        }
    }
}
