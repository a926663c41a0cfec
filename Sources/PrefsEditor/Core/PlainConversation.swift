/// The plain mode's part of the state: which setting is being asked about, and what has been
/// said, in order. What is said is recorded by meaning (a question about a setting, the list, a
/// message); the plain view puts it into words when it prints it, just after the event that
/// said it, as the full screen draws a frame just after each event.
struct PlainConversation: Sendable {
    /// One thing said.
    enum Said: Sendable, Equatable {
        /// What this is and how to answer; the problem reading the suite, if there is one.
        case introduction(warning: String?)
        /// The settings, numbered by section, and the live values.
        case listing
        /// The question for a setting (full, or the short form when asked again).
        case question(name: String, again: Bool)
        /// The question for a setting: which one.
        case menuPrompt
        /// An empty answer: the setting keeps its value.
        case kept(name: String)
        /// A message of the state machine, as the full screen's status line has it.
        case message(String)
        /// Another program changed these settings, and removed these from a list that follows
        /// the file.
        case changedOutside(names: [String], removed: [String])
        /// Live values a change moved: each title with its new text (nil: no value now).
        case liveValuesMoved([DerivedReading])
        /// An answer that names no setting (`toReset`: after `r`).
        case noSetting(String, toReset: Bool)
        /// `r` alone.
        case resetForm
        /// `?` and `help`.
        case help
        /// A line that could not be taken, and why.
        case lineRefused(String)
        /// `q`, or the end of input.
        case goodbye(endOfInput: Bool)
    }

    /// The setting being asked about, by name (the list's numbers can move when the key list
    /// follows the file), or nil at the question for a setting.
    var asking: String?
    /// What was said lately: older entries are dropped, since each is printed just after the
    /// event that said it.
    private(set) var said: [Said] = []
    /// How many entries were dropped from the front of `said`.
    private(set) var dropped = 0
    static let kept = 1_024

    /// How many entries have been said in all: the serial number of the next one.
    var count: Int { dropped + said.count }

    mutating func say(_ entry: Said) {
        said.append(entry)
        if said.count > 2 * Self.kept {
            said.removeFirst(Self.kept)
            dropped += Self.kept
        }
    }

    /// The entries said since `serial` (a former `count`), as many as are still kept.
    func said(since serial: Int) -> ArraySlice<Said> {
        said[max(0, min(said.count, serial - dropped))...]
    }

    /// Whether the last thing said asks for an answer.
    var endsWithPrompt: Bool {
        switch said.last {
        case .question?, .menuPrompt?, .goodbye?: true
        default: false
        }
    }
}
