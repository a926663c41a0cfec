/// A line the person typed in the plain mode, as the line reader took it: the plain mode's
/// counterpart of a key.
enum TypedLine: Sendable, Equatable {
    /// The line's text, without its line end.
    case text(String)
    /// A line that could not be taken (not UTF-8 text, too long), and why.
    case refused(String)
    /// Standard input ended.
    case end
}
