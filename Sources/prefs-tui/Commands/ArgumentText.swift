import Foundation

/// The command line as the kernel passed it, checked to be UTF-8 before any word is used.
///
/// `CommandLine.arguments` decodes invalid bytes as U+FFFD, so `set city $'Troms\xf8'` stored
/// `Troms�` and `set --type string $'k\xff' v` created the key `k�`, with exit 0, where the
/// same bytes in an imported JSON file are refused. Here they are refused the same way.
enum ArgumentText {
    /// The arguments after the program's name, or a failure naming the first that is not UTF-8
    /// text (its bytes shown, the invalid ones as `\xNN`).
    static func checkedArguments() throws -> [String] {
        var arguments: [String] = []
        for index in 1..<Int(CommandLine.argc) {
            guard let pointer = CommandLine.unsafeArgv[index] else { continue }
            let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self), count: strlen(pointer))
            guard let text = String(validating: bytes, as: UTF8.self) else {
                throw CommandFailure("argument \(index) \"\(escaped(bytes))\" is not UTF-8 text: keys, values and names must be",
                                     status: ExitStatus.dataError)
            }
            arguments.append(text)
        }
        return arguments
    }

    /// The bytes with each that is not part of valid UTF-8 as `\xNN`, and control characters
    /// escaped as everywhere else in messages.
    static func escaped(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        var text = ""
        var rest = bytes[...]
        while !rest.isEmpty {
            // The longest valid prefix (at most one character of up to 4 bytes at a time).
            var taken = false
            for length in 1...min(4, rest.count) {
                if let piece = String(validating: rest.prefix(length), as: UTF8.self) {
                    text += piece.controlCharactersEscaped
                    rest = rest.dropFirst(length)
                    taken = true
                    break
                }
            }
            if !taken {
                text += String(format: "\\x%02x", rest.first!)
                rest = rest.dropFirst()
            }
        }
        return text
    }
}
