import Foundation

/// Which sanitizer this test process (and so every product built with it) runs under, found by
/// the runtime's own entry points, for the few cases a sanitizer's runtime makes impossible.
public enum Sanitizers {
    /// ThreadSanitizer's runtime writes a 512 KB file (`/tmp/tsan.rodata.<pid>`) before `main`,
    /// so a process with a smaller file-size limit dies of SIGXFSZ before it starts.
    public static let thread = dlsym(nil, "__tsan_init") != nil
    public static let address = dlsym(nil, "__asan_init") != nil
}
