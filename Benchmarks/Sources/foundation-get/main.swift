import Foundation

// Usage: foundation-get KEY [SUITE]
// The get row's baseline: the least a Foundation program does to print one stored string.
let arguments = CommandLine.arguments
guard (2...3).contains(arguments.count),
      let defaults = UserDefaults(suiteName: arguments.count == 3 ? arguments[2] : "com.example.weather") else {
    FileHandle.standardError.write(Data("usage: foundation-get KEY [SUITE]\n".utf8))
    exit(64)
}
print(defaults.string(forKey: arguments[1]) ?? "")
