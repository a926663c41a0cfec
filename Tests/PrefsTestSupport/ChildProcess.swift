import Dispatch
import Foundation
import PrefsModel

/// Runs one of the package's built executables (found beside the test bundle) as a real
/// process, with `XDG_CONFIG_HOME` set in its environment: Foundation reads that variable once
/// at start, so a test cannot change it inside a running process.
///
/// Spawned with posix_spawn and reaped with waitpid instead of Foundation's `Process`, whose
/// `waitUntilExit` on Linux was seen to spin forever beside an exited, unreaped child when
/// several children ran at once.
public final class ChildProcess: Sendable {
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

    /// The path of a built product: beside the tests, but for `prefs-tui` and the example host
    /// when the environment names another build in `PREFS_TUI_BINARY` or `PREFS_HOST_BINARY` (CI
    /// runs the terminal tests against the release builds, the ones users install, that way). A named binary that does not exist
    /// stops the tests rather than falling back to the debug build unnoticed.
    public static func path(ofProduct product: String) -> String {
        // What users run, when CI asks: the release builds of the editor and of the example host.
        let overrides = ["prefs-tui": "PREFS_TUI_BINARY", "settings-host": "PREFS_HOST_BINARY"]
        if let variable = overrides[product], let binary = ProcessInfo.processInfo.environment[variable], !binary.isEmpty {
            precondition(FileManager.default.isExecutableFile(atPath: binary), "\(variable)=\(binary) is not an executable file")
            return binary
        }
        return (productsDirectory as NSString).appendingPathComponent(product)
    }

    private struct State {
        var pid: pid_t = 0
        var exitStatus: Int32?
    }

    private let executable: String
    /// Raw bytes, so tests can hand a program arguments that are not valid UTF-8.
    private let arguments: [[UInt8]]
    private let environment: [String: String]
    private let state = Locked(State())
    private let output = OutputBuffer()
    private let errors = OutputBuffer()
    private let readers = DispatchGroup()

    /// Prepares `product` with `arguments`; `environment` entries are added to this process's.
    public convenience init(product: String, arguments: [String], configHome: String, environment: [String: String] = [:]) {
        self.init(product: product, rawArguments: arguments.map { Array($0.utf8) }, configHome: configHome,
                  environment: environment)
    }

    /// Prepares `product` with arguments given as bytes (any bytes but NUL).
    public convenience init(product: String, rawArguments: [[UInt8]], configHome: String, environment: [String: String] = [:]) {
        self.init(executable: Self.path(ofProduct: product),
                  rawArguments: rawArguments, configHome: configHome, environment: environment)
    }

    /// Prepares any program by its full path (such as `/usr/bin/env` to run `python3`).
    public convenience init(executablePath: String, arguments: [String], configHome: String, environment: [String: String] = [:]) {
        self.init(program: executablePath, arguments: arguments, configHome: configHome, environment: environment)
    }

    /// Prepares any program: a path, or a name looked up in `PATH` (such as `python3`).
    public convenience init(program: String, arguments: [String], configHome: String, environment: [String: String] = [:]) {
        self.init(executable: program, rawArguments: arguments.map { Array($0.utf8) }, configHome: configHome,
                  environment: environment)
    }

    private init(executable: String, rawArguments: [[UInt8]], configHome: String, environment: [String: String]) {
        self.executable = executable
        self.arguments = rawArguments
        var merged = ProcessInfo.processInfo.environment
        merged["XDG_CONFIG_HOME"] = configHome
        // No site folders unless a test gives some: the machine's own /etc/xdg must not reach
        // the tests (a folder that does not exist is read as none).
        merged["XDG_CONFIG_DIRS"] = (configHome as NSString).appendingPathComponent("no-site-folders")
        // Installed schemas only where the test installs them (`data` beside the suites): the
        // machine's and the user's own must not reach the tests either.
        merged["XDG_DATA_HOME"] = (configHome as NSString).appendingPathComponent("data")
        // Trusted project files are recorded here: never in the real ~/.local/state.
        merged["XDG_STATE_HOME"] = (configHome as NSString).appendingPathComponent("state")
        merged["XDG_DATA_DIRS"] = (configHome as NSString).appendingPathComponent("no-system-data")
        // A child that crashes ends at once, its status saying so: Swift's backtracer, which
        // inherits the child's output pipes, was seen to hang on a crash under AddressSanitizer
        // and with it the test that read those pipes (the CI run stopped for 16 minutes).
        merged["SWIFT_BACKTRACE"] = "enable=no"
        for (name, value) in environment { merged[name] = value }
        self.environment = merged
    }

    /// Starts the process; its output is collected as it arrives.
    public func start() throws {
        // Made by `Spawning`, so that no child another test spawns meanwhile inherits them.
        let outputPipe = try Spawning.pipe()
        let errorPipe = try Spawning.pipe()
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, outputPipe[1], STDOUT_FILENO)
        posix_spawn_file_actions_adddup2(&actions, errorPipe[1], STDERR_FILENO)
        for descriptor in outputPipe + errorPipe { posix_spawn_file_actions_addclose(&actions, descriptor) }
        let argv: [UnsafeMutablePointer<CChar>?] = ([Array(executable.utf8)] + arguments).map(Self.cString) + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv { pointer?.deallocate() }
            for pointer in envp { free(pointer) }
        }
        // Every signal back to its default action and none blocked, as a child of a shell
        // starts: ignored signals are inherited across exec, and the test runner ignores some
        // (SIGXFSZ among them), which would hide how a program behaves for its users.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var allSignals = sigset_t()
        sigfillset(&allSignals)
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        var pid: pid_t = 0
        // A bare name is looked up in PATH, as a shell would.
        let result = Spawning.spawn {
            executable.contains("/")
                ? posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
                : posix_spawnp(&pid, executable, &actions, &attributes, argv, envp)
        }
        close(outputPipe[1])
        close(errorPipe[1])
        guard result == 0 else {
            close(outputPipe[0])
            close(errorPipe[0])
            throw POSIXError(POSIXErrorCode(rawValue: result) ?? .ENOENT)
        }
        state.withLock { $0.pid = pid }
        collect(outputPipe[0], into: output)
        collect(errorPipe[0], into: errors)
    }

    private func collect(_ descriptor: Int32, into buffer: OutputBuffer) {
        readers.enter()
        Thread.detachNewThread { [readers] in
            var chunk = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = read(descriptor, &chunk, chunk.count)
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { break }
                buffer.append(Data(chunk[0..<count]))
            }
            close(descriptor)
            readers.leave()
        }
    }

    /// The process's id (0 before `start`).
    public var processIdentifier: pid_t { state.withLock { $0.pid } }

    /// Output collected so far.
    public var outputSoFar: String { output.text }

    /// Output collected so far, as bytes (for binary output).
    public var outputData: Data { output.data }

    /// Standard error collected so far.
    public var errorSoFar: String { errors.text }

    /// Whether the process is still running (reaps it if it has ended).
    public var isRunning: Bool {
        state.withLock { state in
            guard state.exitStatus == nil else { return false }
            var status: Int32 = 0
            guard waitpid(state.pid, &status, WNOHANG) == state.pid else { return true }
            state.exitStatus = Self.decode(status)
            return false
        }
    }

    /// Waits for the end and returns status and output.
    public func finish() -> Result {
        let pid = state.withLock { $0.pid }
        if state.withLock({ $0.exitStatus }) == nil {
            var status: Int32 = 0
            var reaped: pid_t
            repeat { reaped = waitpid(pid, &status, 0) } while reaped < 0 && errno == EINTR
            if reaped == pid { state.withLock { $0.exitStatus = Self.decode(status) } }
        }
        readers.wait()
        return Result(status: state.withLock { $0.exitStatus } ?? -1, output: output.text, error: errors.text)
    }

    /// Waits for the end, up to `timeout`; nil when the process is still running then (the
    /// caller decides whether that is a hang and stops it).
    public func finish(within timeout: Duration) async -> Result? {
        guard await eventually(within: timeout, { !self.isRunning }) else { return nil }
        return finish()
    }

    /// Sends `signal` (SIGTERM by default) and waits for the end.
    @discardableResult
    public func stop(signal: Int32 = SIGTERM) -> Result {
        if isRunning { kill(state.withLock { $0.pid }, signal) }
        return finish()
    }

    /// A NUL-terminated copy of `bytes` for argv; the caller deallocates it.
    private static func cString(_ bytes: [UInt8]) -> UnsafeMutablePointer<CChar> {
        let copy = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count + 1)
        for (index, byte) in bytes.enumerated() { copy[index] = CChar(bitPattern: byte) }
        copy[bytes.count] = 0
        return copy
    }

    /// The exit code, or 128 + the signal that ended the process (as shells report it).
    private static func decode(_ status: Int32) -> Int32 {
        let signal = status & 0x7F
        return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
    }

    /// Runs any program by its full path to completion.
    public static func run(executablePath: String, arguments: [String], configHome: String,
                           environment: [String: String] = [:]) throws -> Result {
        let child = ChildProcess(executablePath: executablePath, arguments: arguments, configHome: configHome, environment: environment)
        try child.start()
        return child.finish()
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
    private let storage = Locked(Data())
    func append(_ data: Data) { storage.withLock { $0.append(data) } }
    var text: String { String(decoding: data, as: UTF8.self) }
    var data: Data { storage.withLock { $0 } }
}
