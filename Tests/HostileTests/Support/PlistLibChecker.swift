import Foundation
import PrefsTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// Python's `plistlib`, a parser that shares no code with Foundation, asked whether files are
/// well-formed XML property lists with a dictionary at the root. One python3 process serves
/// every check of a test (a path goes in on a line, the verdict comes back on a line), since
/// starting Python per file would cost more than the writes under test.
final class PlistLibChecker {
    private static let script = """
        import plistlib, sys
        for line in sys.stdin:
            path = line[:-1]
            try:
                with open(path, 'rb') as handle:
                    root = plistlib.load(handle, fmt=plistlib.FMT_XML)
                if not isinstance(root, dict):
                    raise ValueError('the root is a ' + type(root).__name__)
                sys.stdout.write('ok\\n')
            except Exception as error:
                sys.stdout.write('%s: %s\\n' % (type(error).__name__, str(error).replace('\\n', ' ')))
            sys.stdout.flush()
        """

    private var pid: pid_t = 0
    private let requests: Int32
    private let replies: Int32
    private var unread: [UInt8] = []
    /// How many files were checked, for the figures.
    private(set) var checked = 0

    init() throws {
        // A python3 that died would turn the next request into SIGPIPE for the whole test run.
        signal(SIGPIPE, SIG_IGN)
        let input = try Spawning.pipe()  // see Spawning: no other test's child inherits them
        let output = try Spawning.pipe()
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, input[0], STDIN_FILENO)
        posix_spawn_file_actions_adddup2(&actions, output[1], STDOUT_FILENO)
        for descriptor in input + output { posix_spawn_file_actions_addclose(&actions, descriptor) }
        let argv: [UnsafeMutablePointer<CChar>?] = [strdup("python3"), strdup("-c"), strdup(Self.script), nil]
        defer { for pointer in argv { free(pointer) } }
        var child: pid_t = 0
        let result = Spawning.spawn { posix_spawnp(&child, "python3", &actions, nil, argv, environ) }
        pid = child
        close(input[0])
        close(output[1])
        requests = input[1]
        replies = output[0]
        guard result == 0 else { throw POSIXError(POSIXErrorCode(rawValue: result) ?? .ENOENT) }
    }

    /// Why plistlib refuses the file at `path`, or nil when it parses to a dictionary.
    func problem(withFileAt path: String) -> String? {
        checked += 1
        let request = Array((path + "\n").utf8)
        var sent = 0
        while sent < request.count {
            let count = request[sent...].withUnsafeBytes { write(requests, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return "python3 stopped taking requests" }
            sent += count
        }
        guard let reply = readLine() else { return "python3 stopped answering" }
        return reply == "ok" ? nil : reply
    }

    private func readLine() -> String? {
        while true {
            if let end = unread.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: unread[..<end], as: UTF8.self)
                unread.removeSubrange(...end)
                return line
            }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let count = read(replies, &chunk, chunk.count)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return nil }
            unread += chunk[..<count]
        }
    }

    deinit {
        close(requests)
        close(replies)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
    }
}
