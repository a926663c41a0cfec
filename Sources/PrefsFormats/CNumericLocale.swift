#if canImport(Glibc)
import Glibc
#endif

/// Runs code with the "C" locale's number formatting on this thread.
///
/// Why: `vsnprintf` follows `LC_NUMERIC`, and the editor calls `setlocale(LC_ALL, "")` for
/// ncurses, so in a German locale `%.17g` would print `0,5`, which no plist reader accepts.
/// `uselocale` changes only the calling thread, and only for the duration of the call.
package enum CNumericLocale {
    nonisolated(unsafe) private static let locale: locale_t? = newlocale(LC_NUMERIC_MASK, "C", nil)

    package static func whileActive<T>(_ body: () throws -> T) rethrows -> T {
        guard let locale else { return try body() }
        let previous = uselocale(locale)
        defer { uselocale(previous) }
        return try body()
    }
}
