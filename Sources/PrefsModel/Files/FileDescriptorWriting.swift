import Foundation

/// The one write loop of the package: suite files, their preserved copies, exports and the
/// executable's standard output and error all go through it.
package enum FileDescriptorWriting {
    /// Writes all of `content` to `descriptor`: a short write goes on where it stopped and an
    /// interrupted one (EINTR) is tried again; any other failure throws ``POSIXFailure`` with
    /// the errno of the write that failed.
    ///
    /// ```swift
    /// try FileDescriptorWriting.writeAll(Data("hello\n".utf8), to: STDOUT_FILENO)
    /// ```
    package static func writeAll<Bytes: ContiguousBytes>(_ content: Bytes, to descriptor: Int32) throws {
        try content.withUnsafeBytes { buffer in
            var written = 0
            while written < buffer.count {
                let count = Glibc.write(descriptor, buffer.baseAddress! + written, buffer.count - written)
                if count < 0 {
                    if errno == EINTR { continue }
                    throw POSIXFailure.current()
                }
                written += count
            }
        }
    }
}

/// A failed system call's `errno`, described by `strerror`.
package struct POSIXFailure: Error, CustomStringConvertible {
    package let code: Int32

    static func current() -> POSIXFailure { POSIXFailure(code: errno) }

    package var description: String { String(cString: strerror(code)) }
}
