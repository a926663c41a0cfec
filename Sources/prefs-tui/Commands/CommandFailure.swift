import ArgumentParser
import Foundation
import PrefsModel

/// Exit statuses from sysexits(3), so scripts can tell a typo from bad data from a full disk.
enum ExitStatus {
    static let usage: Int32 = 64
    static let dataError: Int32 = 65
    static let noInput: Int32 = 66
    /// Internal software error: what the program itself got wrong (a second editor in one process).
    static let software: Int32 = 70
    static let ioError: Int32 = 74
    /// Temporary failure: another process holds the suite's lock; trying again later may work.
    static let temporaryFailure: Int32 = 75
    /// Permission denied (EX_NOPERM): the site has locked the setting.
    static let noPermission: Int32 = 77
}

/// A command's failure: one line for standard error and the exit status.
struct CommandFailure: Error {
    let message: String
    let status: Int32

    init(_ message: String, status: Int32) {
        self.message = message
        self.status = status
    }

    /// The failure for a library error: unknown keys are usage errors, bad values and schemas
    /// (and stored values that block a write) bad data, failed writes I/O errors, a lock another process holds too long a temporary
    /// failure, a setting the site has locked a permission error.
    init(_ error: PreferenceError) {
        // A refused value is quoted up to 200 characters: a whole 200,000-item list made a
        // 1.9 MB line on standard error.
        let text = error.description(maxValueLength: 200)
        switch error {
        case .unknownKey, .keyNotInSchema: self.init(text, status: ExitStatus.usage)
        case .invalidValue, .invalidSecret, .invalidSchema, .unwritableStoredValues, .renameRefused, .migrationFailed, .ruleBroken:
            self.init(text, status: ExitStatus.dataError)
        case .writeFailed: self.init(text, status: ExitStatus.ioError)
        case .lockHeld: self.init(text, status: ExitStatus.temporaryFailure)
        case .locked: self.init(text, status: ExitStatus.noPermission)
        }
    }
}

/// Runs a command's body, turning failures into one line on standard error and the exit status.
func reportingFailures(_ body: () throws -> Void) throws {
    do {
        try body()
    } catch let failure as CommandFailure {
        Diagnostics.print(failure.message)
        throw ExitCode(failure.status)
    } catch let error as PreferenceError {
        let failure = CommandFailure(error)
        Diagnostics.print(failure.message)
        throw ExitCode(failure.status)
    }
}
