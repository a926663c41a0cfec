import Foundation

// Usage: foundation-load SUITE
// The render row's baseline: what any Foundation program pays to open a suite and have all of
// its values in memory. The count is printed so the load cannot be optimised away.
guard CommandLine.arguments.count == 2, let defaults = UserDefaults(suiteName: CommandLine.arguments[1]) else {
    FileHandle.standardError.write(Data("usage: foundation-load SUITE\n".utf8))
    exit(64)
}
print(defaults.dictionaryRepresentation().count)
