import Foundation

/// A fresh folder under the system's temporary folder, removed when released.
public final class TemporaryDirectory: @unchecked Sendable {
    public let path: String

    public init() {
        let base = FileManager.default.temporaryDirectory.path
        path = (base as NSString).appendingPathComponent("prefs-tests-\(UUID().uuidString)")
        try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    public func file(_ name: String) -> String { (path as NSString).appendingPathComponent(name) }

    deinit {
        // Restore write permission on anything a test made read-only, so removal succeeds.
        chmod(path, 0o700)
        if let items = try? FileManager.default.contentsOfDirectory(atPath: path) {
            for item in items { chmod(file(item), 0o700) }
        }
        try? FileManager.default.removeItem(atPath: path)
    }
}
