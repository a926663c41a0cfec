import Foundation
import Synchronization

/// Runs `prefs-test-helper` (built beside the test bundle) as a real second process, with
/// `XDG_CONFIG_HOME` set in its environment: Foundation reads it once at start, so it cannot be
/// changed from inside a running process.
final class HelperProcess: @unchecked Sendable {
    struct Result {
        var status: Int32
        var output: String
        var error: String
    }

    static var executable: String {
        let testBinary = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        var directory = (testBinary as NSString).deletingLastPathComponent
        // The test runner may live inside a bundle folder (`….xctest/…`); the helper sits beside it.
        while directory.hasSuffix(".xctest") || directory.contains(".xctest/") {
            directory = (directory as NSString).deletingLastPathComponent
        }
        return (directory as NSString).appendingPathComponent("prefs-test-helper")
    }

    let process = Process()
    private let outputPipe = Pipe()
    private let errorPipe = Pipe()
    private let collected = OutputBuffer()

    init(_ arguments: [String], configHome: String) {
        process.executableURL = URL(fileURLWithPath: Self.executable)
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_CONFIG_HOME"] = configHome
        process.environment = environment
        process.standardOutput = outputPipe
        process.standardError = errorPipe
    }

    /// Starts the process; its output is collected as it arrives.
    func start() throws {
        outputPipe.fileHandleForReading.readabilityHandler = { [collected] handle in
            let data = handle.availableData
            if !data.isEmpty { collected.append(data) }
        }
        try process.run()
    }

    /// Output collected so far.
    var outputSoFar: String { collected.text }

    /// Waits for the end and returns status and output.
    func finish() -> Result {
        process.waitUntilExit()
        outputPipe.fileHandleForReading.readabilityHandler = nil
        let rest = outputPipe.fileHandleForReading.readDataToEndOfFile()
        collected.append(rest)
        let error = String(decoding: errorPipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        return Result(status: process.terminationStatus, output: outputSoFar, error: error)
    }

    func stop() {
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
    }

    /// Runs to completion.
    static func run(_ arguments: [String], configHome: String) throws -> Result {
        let helper = HelperProcess(arguments, configHome: configHome)
        try helper.start()
        return helper.finish()
    }
}

/// Output gathered from a pipe while a process runs.
final class OutputBuffer: Sendable {
    private let storage = Mutex("")
    func append(_ data: Data) { storage.withLock { $0 += String(decoding: data, as: UTF8.self) } }
    var text: String { storage.withLock { $0 } }
}
