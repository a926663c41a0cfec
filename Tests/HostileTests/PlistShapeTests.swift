import Foundation
import PrefsTestSupport
import Testing

extension Hostile {
    /// Suite files of shapes no program writes but a hand or a tool can: each is read in time
    /// proportional to its size.
    @Suite("Odd plist shapes are read in time")
    struct PlistShapes {
        /// Not a dictionary of settings, so it is shown as defaults and left alone; the reader
        /// once counted every later `<key>` for each dictionary in the array (30,000 of them:
        /// 50 s and 851 MB in a release build).
        @Test func aRootArrayOfManyDictionariesIsReadAtOnce() async throws {
            let folder = TemporaryDirectory()
            var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<array>\n"
            for index in 0..<30_000 { text += "<dict><key>a</key><integer>\(index)</integer></dict>\n" }
            text += "</array>\n</plist>\n"
            try Data(text.utf8).write(to: URL(fileURLWithPath: folder.file("com.acme.array.plist")))

            let list = ChildProcess(product: "prefs-tui", arguments: ["list", "--suite", "com.acme.array"], configHome: folder.path)
            try list.start()
            let result = await list.finish(within: .seconds(30))
            if result == nil { list.stop(signal: SIGKILL) }

            #expect(result != nil, "list took over 30 s on a 1.5 MB suite file")
            #expect(result?.error.contains("does not hold a dictionary of settings") == true, "\(String(describing: result))")
        }
    }
}
