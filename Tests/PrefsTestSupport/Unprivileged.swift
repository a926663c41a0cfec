import Foundation

/// Runs a program as an unprivileged user, for checks that permissions stop a program.
///
/// Why: tests run as root in CI, and root ignores file modes (a folder with mode 0000 stops
/// nobody who is root). As root, the program is started through `setpriv` as user and group
/// `nobody` (65534), without supplementary groups; as anyone else, directly.
public enum Unprivileged {
    /// The user the program runs as: `nobody` under root, else this process's user.
    public static var userID: uid_t { geteuid() == 0 ? 65534 : geteuid() }
    public static var groupID: gid_t { geteuid() == 0 ? 65534 : getegid() }

    /// Why the check cannot be made on this machine (root without `setpriv`), or nil.
    public static var unavailableReason: String? {
        guard geteuid() == 0, !FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") else { return nil }
        return "running as root without /usr/bin/setpriv: a mode-0000 folder cannot stop root"
    }

    /// One of the package's built products, run as the unprivileged user.
    /// Makes `folder` (inside `parent`) belong to the unprivileged user with mode 0000, so that
    /// user may not even look inside; `parent` is opened to everyone. Returns what gives the
    /// folder its mode back (for the temporary folder's clean-up).
    public static func lockOut(_ folder: String, in parent: String) -> () -> Void {
        chmod(parent, 0o755)
        chown(folder, userID, groupID)
        chmod(folder, 0)
        return { chmod(folder, 0o700) }
    }

    public static func product(_ product: String, arguments: [String], configHome: String) -> ChildProcess {
        let path = ChildProcess.path(ofProduct: product)
        guard geteuid() == 0 else { return ChildProcess(product: product, arguments: arguments, configHome: configHome) }
        return ChildProcess(
            program: "/usr/bin/setpriv",
            arguments: ["--reuid=65534", "--regid=65534", "--clear-groups", "--", path] + arguments,
            configHome: configHome, environment: ["HOME": configHome])
    }
}
