import Foundation
import PrefsTestSupport
import Testing

extension Hostile {
    /// The editor's layers, checked by the compiler (issue 29): each is type-checked alone with the
    /// layers below it, so a file that reaches up (the core calling the renderer, the runtime
    /// naming ncurses) fails here. From the bottom: `Core` and `Input` (state, events, update,
    /// fields, layout and hit testing: pure), `Screen` (grid, renderer, diff), `Runtime` and `Plain`
    /// (the loop, writes, outside changes, the plain mode), then `Terminal` (ncurses) and the public
    /// API on top. In the hostile suite: three runs of the compiler, 20 s of the quick suite's
    /// 60 on two cores.
    @Suite("The editor's layers")
    struct EditorLayerTests {
        private static let editor = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/PrefsEditor")

        /// How SwiftPM compiled PrefsModel (its compiler and package name), from the build's own
        /// description beside the products.
        private static func compilation() throws -> (swiftc: String, packageName: String, modules: String) {
            let products = URL(fileURLWithPath: ChildProcess.productsDirectory)
            let description = products.deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent(products.lastPathComponent + ".yaml")
            let text = try String(contentsOf: description, encoding: .utf8)
            let line = try #require(text.components(separatedBy: "\n").first { $0.contains(#""-module-name","PrefsModel""#) },
                                    "no compilation of PrefsModel in \(description.path)")
            let arguments = line.components(separatedBy: #"",""#)
            let swiftc = try #require(arguments.first?.components(separatedBy: #"[""#).last)
            let packageName = try #require(arguments.firstIndex(of: "-package-name").map { arguments[$0 + 1] })
            return (swiftc, packageName, products.appendingPathComponent("Modules").path)
        }

        private static func typecheck(_ folders: [String]) throws -> ChildProcess.Result {
            let (swiftc, packageName, modules) = try compilation()
            // A layer's folders within it (Core/Fields) are the layer's too.
            let files = try folders.flatMap { folder in
                let layer = editor.appendingPathComponent(folder)
                let inside = try #require(FileManager.default.enumerator(atPath: layer.path)).compactMap { $0 as? String }
                return inside.filter { $0.hasSuffix(".swift") }.sorted().map { layer.appendingPathComponent($0).path }
            }
            return try ChildProcess.run(executablePath: swiftc,
                                        arguments: ["-typecheck", "-swift-version", "6", "-module-name", "EditorLayers",
                                                    "-package-name", packageName, "-I", modules] + files,
                                        configHome: NSTemporaryDirectory())
        }

        /// The formats target (plist and JSON) is type-checked with no module of this package in
        /// reach: it knows nothing of suites, settings or stores, so storage stays in layers. (A
        /// compiler run of 4.6 s, moved here from the quick suite with the editor's.)
        @Test func theFormatsTargetBuildsAlone() throws {
            let formats = Self.editor.deletingLastPathComponent().appendingPathComponent("PrefsFormats")
            let files = try FileManager.default.contentsOfDirectory(atPath: formats.path).filter { $0.hasSuffix(".swift") }.sorted()
                .map { formats.appendingPathComponent($0).path }
            let (swiftc, packageName, _) = try Self.compilation()

            let result = try ChildProcess.run(executablePath: swiftc,
                                              arguments: ["-typecheck", "-swift-version", "6", "-module-name", "PrefsFormats",
                                                          "-package-name", packageName] + files,
                                              configHome: NSTemporaryDirectory())

            #expect(files.count > 10, "found too few files: \(files)")
            #expect(result.status == 0, "PrefsFormats reaches beyond itself:\n\(result.error)")
        }

        @Test(arguments: [["Core", "Input"], ["Core", "Input", "Screen"], ["Core", "Input", "Screen", "Runtime", "Plain"]])
        func aLayerBuildsWithTheLayersBelowItAlone(layers: [String]) throws {
            let result = try Self.typecheck(layers)

            #expect(result.status == 0, "\(layers.joined(separator: " + ")) reach beyond themselves:\n\(result.error)")
        }
    }
}
