import Foundation
import PrefsModel

/// Standard output and standard error, written with write(2) in a loop.
///
/// Not `FileHandle.write(_: Data)`: it traps on any error, so `get city >/dev/full` ended with
/// exit 132 and a backtrace. Not `print` either: it buffers, and a failed flush at exit is lost
/// without a word.
enum StandardStreams {
    /// Reopens any of descriptors 0–2 that the program was started without (`prefs-tui get
    /// city >&-`) on /dev/null, opened for the wrong direction. Otherwise the first file the
    /// program opens (the suite's lock, the suite) would get number 1, and output meant for the
    /// terminal would go into it. Opened the wrong way round, the descriptor still fails every
    /// write (EBADF) as the closed one did, so the program reports it instead of pretending the
    /// output went somewhere. Call first, before anything opens a file.
    static func reserveClosedDescriptors() {
        for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] where fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
            // open returns the lowest free number, which is this one: the lower ones are open.
            _ = open("/dev/null", descriptor == STDIN_FILENO ? O_WRONLY : O_RDONLY)
        }
    }

    /// Writes all of `bytes`, or returns the errno of the write that failed.
    static func writeAll(_ bytes: Data, to descriptor: Int32) -> Int32? {
        do {
            try FileDescriptorWriting.writeAll(bytes, to: descriptor)
            return nil
        } catch let failure as POSIXFailure {
            return failure.code
        } catch {
            return EIO
        }
    }
}

/// Standard error, one line at a time.
enum Diagnostics {
    /// A failed write is ignored: there is nowhere left to report it, and the command's exit
    /// status still tells a script what happened (a rejected `set` with standard error on a
    /// full disk still exits 65).
    static func print(_ line: String) {
        _ = StandardStreams.writeAll(Data("prefs-tui: \(line)\n".utf8), to: STDERR_FILENO)
    }
}

/// Standard output without buffering, so `watch` lines reach a pipe at once.
enum Output {
    static func print(_ line: String) {
        write(Data((line + "\n").utf8))
    }

    /// Writes `data`; when it cannot be written, ends the program: the output is what the
    /// command was run for, and every change was written before it is printed, so there is
    /// nothing left to finish.
    ///
    /// A reader that went away ends it as ``ReaderLeft`` says. Any other error (a full disk, a
    /// closed standard output) is an I/O error: one line on standard error, exit 74.
    static func write(_ data: Data) {
        guard let error = StandardStreams.writeAll(data, to: STDOUT_FILENO) else { return }
        if error == EPIPE { ReaderLeft.end() }
        Diagnostics.print("cannot write standard output: \(String(cString: strerror(error)))")
        exit(ExitStatus.ioError)
    }
}
