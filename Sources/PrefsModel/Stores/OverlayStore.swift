/// Another store's values with a few of them replaced, read-only: what a condition reads when
/// one of its settings is tried at another value (see ``InUseConditions``). Built in constant
/// time, where a copy of the values would cost the whole suite for each value tried.
final class OverlayStore: PreferenceStore, Sendable {
    private let base: any PreferenceStore
    private let replaced: [String: PlistValue?]

    init(over base: any PreferenceStore, replacing replaced: [String: PlistValue?]) {
        self.base = base
        self.replaced = replaced
    }

    var location: String { base.location }
    var loadProblem: String? { base.loadProblem }
    func takeWarnings() -> [String] { [] }

    func storedValue(forKey key: String) -> PlistValue? {
        if let value = replaced[key] { return value }
        return base.storedValue(forKey: key)
    }

    func storedValues() -> [String: PlistValue] {
        var values = base.storedValues()
        for (key, value) in replaced { values[key] = value }
        return values
    }

    /// Only read: a write through it would be lost.
    func commit(_ changes: [String: PlistValue?], by writer: StoreWriter?) throws -> [StoredChange] {
        throw PreferenceError.writeFailed(path: location, reason: "a tried value is not written")
    }

    func commit(by writer: StoreWriter?, transaction: ([String: PlistValue]) throws -> [String: PlistValue?]) throws -> [StoredChange] {
        throw PreferenceError.writeFailed(path: location, reason: "a tried value is not written")
    }

    func addChangeHandler(_ handler: @escaping @Sendable (StoreChangeBatch) -> Void) -> ObservationToken {
        ObservationToken {}
    }
}
