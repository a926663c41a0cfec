import Foundation
import PrefsTestSupport

/// What lies in a suite's config folder, for checks on leftovers.
extension TemporaryDirectory {
    /// The names in the folder (not following links).
    var names: Set<String> {
        Set((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [])
    }

    /// Temporary files of writes (`<suite>.plist.tmp-<pid>-<random>`).
    var temporaryFiles: [String] { names.filter { $0.contains(".plist.tmp-") }.sorted() }

    func contents(_ name: String) -> Data? { FileManager.default.contents(atPath: file(name)) }
}
