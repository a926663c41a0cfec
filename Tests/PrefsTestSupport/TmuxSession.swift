import Foundation

/// The built editor running in a real terminal: a detached tmux session on its own server
/// socket, driven with send-keys and read with capture-pane. Shared by the editor's tests and
/// the hostile suite (which sends it every signal).
public final class TmuxSession: @unchecked Sendable {
    let socket = "prefs-tests-\(UUID().uuidString.prefix(8))"
    public let directory: TemporaryDirectory
    let marker = "run-\(UUID().uuidString.prefix(8))"
    /// The editor's executable.
    public let binary: String

    /// Starts `prefs-tui ARGUMENTS` (or another built `product`, such as the example host) (plus a unique `--suite`-free marker in its environment) in
    /// a WIDTH×HEIGHT pane. The pane's shell records `stty -g` before and after, and the exit
    /// status, in the fixture's folder. `fileSizeLimit` (in 512-byte blocks, as `ulimit -f`)
    /// applies to the editor alone, so the shell can still record what happened. `program`
    /// runs another program in the pane instead (an interactive zsh or fish, to press Tab in).
    public init(_ arguments: [String] = [], width: Int = 80, height: Int = 24, directory: TemporaryDirectory = TemporaryDirectory(),
                environment: [String: String] = [:], trapInterrupt: Bool = true, interactiveShell: Bool = false,
                fileSizeLimit: Int? = nil, product: String = "prefs-tui", program: [String]? = nil) throws {
        self.directory = directory
        let binary = ChildProcess.path(ofProduct: product)
        let quoted = ([binary] + arguments).map { "'\($0)'" }.joined(separator: " ")
        let folder = directory.path
        // The shell ignores Ctrl-C's SIGINT while the editor runs (a trap, unlike an ignore, is
        // not inherited), as an interactive shell would, so it lives to record the modes after.
        // Without the trap, the script is a plain `sh -c 'prefs-tui; echo next'`: it goes on
        // after the editor only if Ctrl-C was a key, not a SIGINT to the whole group.
        let trap = trapInterrupt ? "trap true INT; " : ""
        // tmux sets TERM for the pane itself, so a TERM to test is given on the command line.
        let term = environment["TERM"].map { "TERM=\($0) " } ?? ""
        var editor = "\(term)PREFS_TEST_MARKER=\(marker) \(quoted)"
        if let fileSizeLimit { editor = "(ulimit -f \(fileSizeLimit); \(editor))" }
        let script = interactiveShell
            ? "PREFS_TEST_MARKER=\(marker) PS1='$ ' sh -i"
            : "\(trap)stty -g > \(folder)/stty.before; \(editor) 2> \(folder)/stderr; echo $? > \(folder)/status.tmp; stty -g > \(folder)/stty.after.tmp; mv \(folder)/status.tmp \(folder)/status; mv \(folder)/stty.after.tmp \(folder)/stty.after; echo next > \(folder)/next"
        self.binary = binary
        var command = ["new-session", "-d", "-s", "e", "-x", String(width), "-y", String(height), "-e", "XDG_CONFIG_HOME=\(folder)"]
        // A known environment: colours allowed unless a test asks otherwise, a UTF-8 locale.
        // No site folders or installed schemas unless the test gives some (the machine's
        // /etc/xdg and /usr/share must not reach tests).
        let settings = ["NO_COLOR": "", "LANG": "C.UTF-8", "XDG_CONFIG_DIRS": folder + "/no-site-folders",
                        "XDG_DATA_HOME": folder + "/data", "XDG_DATA_DIRS": folder + "/no-system-data"]
            .merging(environment) { _, requested in requested }
        for (name, value) in settings.sorted(by: { $0.key < $1.key }) where name != "TERM" { command += ["-e", "\(name)=\(value)"] }
        command += program ?? ["sh", "-c", script]
        try tmux(command)
    }

    /// Ends the session and its server, and removes the server's socket, however the test
    /// ended (an expectation failed, a `try` threw, a time limit cancelled it): this runs when
    /// the last reference goes. `kill-session` first: with tmux 3.3a, `kill-server` alone was
    /// seen to return 0 and leave the server and the editor running. If the server is still
    /// there after a few seconds, it is killed by its process id.
    deinit {
        let serverPID = self.serverPID
        _ = try? tmux(["kill-session", "-t", "e"])
        _ = try? tmux(["kill-server"])
        let deadline = ContinuousClock.now + .seconds(5)
        while let serverPID, Self.isRunning(serverPID), ContinuousClock.now < deadline { usleep(10_000) }
        if let serverPID, Self.isRunning(serverPID) { kill(serverPID, SIGKILL) }
        unlink(socketPath)
    }

    /// Whether a process runs: it exists and is not a zombie (a container's first process may
    /// never reap the daemonised server, whose entry then stays as a zombie).
    public static func isRunning(_ pid: Int32) -> Bool {
        guard pid > 0, kill(pid, 0) == 0,
              let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return false }
        return !stat[close...].hasPrefix(") Z")
    }

    /// The process id of the tmux server, while it answers.
    public var serverPID: Int32? {
        Int32((try? tmux(["display-message", "-p", "#{pid}"]))?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "")
    }

    /// Where the tmux server of this session listens: `$TMUX_TMPDIR` (or /tmp), `tmux-UID`, the
    /// socket's name, as tmux 3.3a makes it.
    public var socketPath: String {
        let base = ProcessInfo.processInfo.environment["TMUX_TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        return "\(base)/tmux-\(getuid())/\(socket)"
    }

    /// Runs `tmux -L SOCKET ARGUMENTS` and returns what it printed.
    ///
    /// Spawned with posix_spawn and reaped with waitpid rather than with Foundation's Process:
    /// `new-session -d` starts the tmux server as a daemon, which inherits the descriptor that
    /// Process watches for its child's exit, so Process would wait as long as the server lives.
    @discardableResult
    public func tmux(_ arguments: [String]) throws -> String {
        let pipeEnds = try Spawning.pipe()  // see Spawning: no other test's child inherits it
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], STDOUT_FILENO)
        posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addclose(&actions, pipeEnds[0])
        let argv = (["tmux", "-L", socket] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let spawned = Spawning.spawn { posix_spawnp(&pid, "tmux", &actions, nil, argv, environ) }
        close(pipeEnds[1])
        guard spawned == 0 else {
            close(pipeEnds[0])
            throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .ENOENT)
        }
        var status: Int32 = 0
        var output = Data()
        if arguments.first == "capture-pane" || arguments.first == "display-message" {
            output = FileHandle(fileDescriptor: pipeEnds[0], closeOnDealloc: false).readDataToEndOfFile()
        }
        close(pipeEnds[0])
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return String(decoding: output, as: UTF8.self)
    }

    /// Sends tmux key names (`Down`, `Enter`, `C-c`, `Escape`, …).
    public func press(_ keys: String...) throws { try tmux(["send-keys", "-t", "e"] + keys) }

    /// Types text literally.
    public func type(_ text: String) throws { try tmux(["send-keys", "-t", "e", "-l", text]) }

    /// Pastes text as a terminal does for a paste (bracketed, since the editor asks for it).
    public func paste(_ text: String) throws {
        try tmux(["set-buffer", "-b", "clip", text])
        try tmux(["paste-buffer", "-p", "-d", "-b", "clip", "-t", "e"])
    }

    /// Pastes a file's bytes as a terminal does (bracketed): for pastes too long for one
    /// argument of `set-buffer`.
    public func paste(contentsOf path: String) throws {
        try tmux(["load-buffer", "-b", "clip", path])
        try tmux(["paste-buffer", "-p", "-d", "-b", "clip", "-t", "e"])
    }

    /// Runs `prefs-tui ARGUMENTS` on the session's suite folder, as another program would.
    public func otherProcess(_ arguments: String...) throws -> Int32 {
        try ChildProcess.run(product: "prefs-tui", arguments: arguments, configHome: directory.path).status
    }

    public func screen(withAttributes: Bool = false) -> String {
        (try? tmux(["capture-pane", "-t", "e", "-p"] + (withAttributes ? ["-e"] : []))) ?? ""
    }

    public func resize(width: Int, height: Int) throws {
        try tmux(["resize-window", "-t", "e", "-x", String(width), "-y", String(height)])
    }

    /// Waits until the screen contains `text`.
    public func waitFor(_ text: String, within timeout: Duration = .seconds(10)) async -> Bool {
        await waitUntil(within: timeout) { $0.contains(text) }
    }

    /// Waits until one capture of the screen satisfies `condition`. Check everything about a
    /// screen in one condition: a capture can fall in the middle of a frame (the terminal gets
    /// it in pieces), so a second capture after `waitFor` may still show part of the old one.
    public func waitUntil(within timeout: Duration = .seconds(10), _ condition: @escaping @Sendable (String) -> Bool) async -> Bool {
        await eventually(within: timeout) { condition(self.screen()) }
    }

    /// The first line of a screen capture that contains `text`, or "".
    public static func line(containing text: String, in screen: String) -> String {
        screen.components(separatedBy: "\n").first { $0.contains(text) } ?? ""
    }

    /// A file the pane's shell writes (whole, by rename) when the editor has ended, if it has.
    public func file(_ name: String) -> String? {
        (try? String(contentsOfFile: directory.file(name), encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    public var exitStatus: String? { file("status") }

    /// The signals tests send, by name.
    public static let signalNumbers: [String: Int32] = [
        "SIGHUP": SIGHUP, "SIGINT": SIGINT, "SIGQUIT": SIGQUIT, "SIGABRT": SIGABRT, "SIGSEGV": SIGSEGV, "SIGTERM": SIGTERM,
        "SIGUSR1": SIGUSR1, "SIGUSR2": SIGUSR2, "SIGALRM": SIGALRM, "SIGVTALRM": SIGVTALRM, "SIGPROF": SIGPROF,
        "SIGXCPU": SIGXCPU, "SIGXFSZ": SIGXFSZ, "SIGPIPE": SIGPIPE,
    ]

    /// Sends a signal to the editor (or the host program) of this session, found by its
    /// environment marker and its name.
    public func signalEditor(_ signal: Int32) throws {
        for pid in try editorProcesses() { kill(pid, signal) }
    }

    /// Sends a signal to the editor's whole process group (SIGCONT after a stop of the group,
    /// as a shell's `fg` does: the script around the editor was stopped with it).
    public func signalEditorGroup(_ signal: Int32) throws {
        for pid in try editorProcesses() { kill(-getpgid(pid), signal) }
    }

    private func editorProcesses() throws -> [Int32] {
        let processes = try FileManager.default.contentsOfDirectory(atPath: "/proc").compactMap(Int32.init)
        return processes.filter { pid in
            guard let environment = FileManager.default.contents(atPath: "/proc/\(pid)/environ"),
                  String(decoding: environment, as: UTF8.self).contains("PREFS_TEST_MARKER=\(marker)"),
                  let command = try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8) else { return false }
            return command.hasPrefix(String(URL(fileURLWithPath: binary).lastPathComponent.prefix(15)))
        }
    }
}
