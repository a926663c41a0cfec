import PrefsModel

/// The form widget a setting's type calls for.
enum WidgetKind: Equatable {
    case toggle, choice, stepper, list, line

    init(for key: AnyPreferenceKey) {
        let base = key.type.unwrapped
        if key.rule.choices != nil {
            self = .choice
        } else if base == .bool {
            self = .toggle
        } else if base == .int || base == .double {
            self = .stepper
        } else if case .array = base {
            self = .list
        } else {
            self = .line
        }
    }
}
