import Glibc
import Glibc

/// The terminal the editor draws on and reads keys from: the process's standard input and
/// output, or its controlling terminal (`/dev/tty`), which a host uses when its standard streams
/// are redirected (`myapp settings > log`).
package final class TerminalDevice {
    let input: Int32
    let output: Int32
    let inputFile: UnsafeMutablePointer<FILE>
    let outputFile: UnsafeMutablePointer<FILE>
    /// Whether the streams were opened here (and so are closed here).
    private let owned: Bool

    private init(input: Int32, output: Int32, inputFile: UnsafeMutablePointer<FILE>,
                 outputFile: UnsafeMutablePointer<FILE>, owned: Bool) {
        self.input = input
        self.output = output
        self.inputFile = inputFile
        self.outputFile = outputFile
        self.owned = owned
    }

    deinit {
        guard owned else { return }
        fclose(inputFile)
        fclose(outputFile)
    }

    /// Standard input and output, when both are a terminal.
    package static func standardStreams() throws(PreferencesEditorError) -> TerminalDevice {
        guard isatty(STDIN_FILENO) == 1 else { throw .noTerminal(stream: "input") }
        guard isatty(STDOUT_FILENO) == 1 else { throw .noTerminal(stream: "output") }
        let files = NcursesTerminal.standardFiles
        return TerminalDevice(input: STDIN_FILENO, output: STDOUT_FILENO, inputFile: files.input,
                              outputFile: files.output, owned: false)
    }

    /// The controlling terminal, opened for this editor and closed after it.
    static func controllingTerminal() throws(PreferencesEditorError) -> TerminalDevice {
        let reading = open("/dev/tty", O_RDWR | O_CLOEXEC | O_NOCTTY)
        guard reading >= 0 else { throw .noControllingTerminal }
        let writing = dup(reading)
        guard writing >= 0, let inputFile = fdopen(reading, "r"), let outputFile = fdopen(writing, "w") else {
            let failure = errno
            close(reading)
            if writing >= 0 { close(writing) }
            throw .systemCallFailed(call: "fdopen of /dev/tty", errno: failure)
        }
        _ = fcntl(writing, F_SETFD, FD_CLOEXEC)
        return TerminalDevice(input: reading, output: writing, inputFile: inputFile, outputFile: outputFile, owned: true)
    }

    /// Standard input and output when they are a terminal, else the controlling terminal.
    static func automatic() throws(PreferencesEditorError) -> TerminalDevice {
        if isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1 { return try standardStreams() }
        return try controllingTerminal()
    }
}
