import Foundation

/// A user's folder of the XDG Base Directory specification, decided in one place: the
/// variable's value when it is an absolute path (the specification says a relative one is to be
/// ignored), else its default under `$HOME` (the account's home when `HOME` is unset or empty).
///
/// ```swift
/// XDGBaseDirectory.state.path(environment: ["HOME": "/home/ada"])  // "/home/ada/.local/state"
/// ```
package enum XDGBaseDirectory: String, Sendable {
    case config = "XDG_CONFIG_HOME"
    case data = "XDG_DATA_HOME"
    case state = "XDG_STATE_HOME"

    /// Where it is when the variable does not say.
    private var underHome: String {
        switch self {
        case .config: ".config"
        case .data: ".local/share"
        case .state: ".local/state"
        }
    }

    /// The folder, reading the variables through `variable` (a process can read only the two it
    /// needs rather than copy its whole environment).
    package func path(variable: (String) -> String?) -> String {
        if let configured = variable(rawValue), configured.hasPrefix("/") { return configured }
        let home = variable("HOME").flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return (home as NSString).appendingPathComponent(underHome)
    }

    /// The folder in `environment`.
    package func path(environment: [String: String]) -> String { path { environment[$0] } }
}
