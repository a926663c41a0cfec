import Foundation
import Synchronization

/// Runs one of the package's built executables (found beside the test bundle) as a real
/// process, with `XDG_CONFIG_HOME` set in its environment: Foundation reads that variable once
/// at start, so a test cannot change it inside a running process.
public final class ChildProcess: @unchecked Sendable {
    // @unchecked: `process` and the pipes are configured in init and then only used through
    // Foundation's thread-safe API; collected output is behind a Mutex.

    /// How a finished process ended.
    public struct Result: Sendable {
        public var status: Int32
        public var output: String
        public var error: String
    }

    /// The folder holding the built products (`.build/debug`).
    public static var productsDirectory: String {
        let testBinary = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        var directory = (testBinary as NSString).deletingLastPathComponent
        // The test runner may live inside a bundle folder (`….xctest/…`); products sit beside it.
        while directory.contains(".xctest") {
            directory = (directory as NSString).deletingLastPathComponent
        }
        return directory
    }

    public let process = Process()
    private let outputPipe = Pipe()
    private let errorPipe = Pipe()
    private let inputPipe = Pipe()
    private let collected = OutputBuffer()
    private let collectedErrors = OutputBuffer()

    /// Prepares `product` with `arguments`; `environment` entries are added to this process's.
    public init(product: String, arguments: [String], configHome: String, environment: [String: String] = [:]) {
        process.executableURL = URL(fileURLWithPath: (Self.productsDirectory as NSString).appendingPathComponent(product))
        process.arguments = arguments
        var merged = ProcessInfo.processInfo.environment
        merged["XDG_CONFIG_HOME"] = configHome
        for (name, value) in environment { merged[name] = value }
        process.environment = merged
        process.standardOutput = outputPipe
        process.standardError = errorPipe
        process.standardInput = inputPipe
    }

    /// Starts the process; its output is collected as it arrives.
    public func start() throws {
        outputPipe.fileHandleForReading.readabilityHandler = { [collected] handle in
            let data = handle.availableData
            if !data.isEmpty { collected.append(data) }
        }
        errorPipe.fileHandleForReading.readabilityHandler = { [collectedErrors] handle in
            let data = handle.availableData
            if !data.isEmpty { collectedErrors.append(data) }
        }
        try process.run()
        try? inputPipe.fileHandleForWriting.close()
    }

    /// Output collected so far.
    public var outputSoFar: String { collected.text }

    /// Standard error collected so far.
    public var errorSoFar: String { collectedErrors.text }

    /// Waits for the end and returns status and output.
    public func finish() -> Result {
        process.waitUntilExit()
        outputPipe.fileHandleForReading.readabilityHandler = nil
        errorPipe.fileHandleForReading.readabilityHandler = nil
        collected.append(outputPipe.fileHandleForReading.readDataToEndOfFile())
        collectedErrors.append(errorPipe.fileHandleForReading.readDataToEndOfFile())
        return Result(status: process.terminationStatus, output: outputSoFar, error: errorSoFar)
    }

    /// Sends `signal` (SIGTERM by default) and waits for the end.
    @discardableResult
    public func stop(signal: Int32 = SIGTERM) -> Result {
        if process.isRunning { kill(process.processIdentifier, signal) }
        return finish()
    }

    /// Runs to completion.
    public static func run(product: String, arguments: [String], configHome: String,
                           environment: [String: String] = [:]) throws -> Result {
        let child = ChildProcess(product: product, arguments: arguments, configHome: configHome, environment: environment)
        try child.start()
        return child.finish()
    }
}

/// Output gathered from a pipe while a process runs.
final class OutputBuffer: Sendable {
    private let storage = Mutex("")
    func append(_ data: Data) { storage.withLock { $0 += String(decoding: data, as: UTF8.self) } }
    var text: String { storage.withLock { $0 } }
}
