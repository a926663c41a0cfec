/// A key press, named: what the terminal layer reads and what tests and `render --keys` feed in.
package enum KeyEvent: Sendable, Hashable {
    case character(Character)
    case control(Character)      // Ctrl-A is .control("a")
    case up, down, left, right
    case pageUp, pageDown, home, end
    case enter, escape, tab, backTab, backspace, delete
    case function(Int)

    /// Parses the names `render --keys` accepts: `up`, `down`, `enter`, `esc`, `tab`,
    /// `shift-tab`, `space`, `bs`, `del`, `pgup`, `pgdn`, `home`, `end`, `f10`, `ctrl-a`, a
    /// single character, or `text:…` for several characters.
    package static func parse(_ name: String) -> [KeyEvent]? {
        if name.hasPrefix("text:") { return name.dropFirst(5).map { .character($0) } }
        switch name.lowercased() {
        case "up": return [.up]
        case "down": return [.down]
        case "left": return [.left]
        case "right": return [.right]
        case "pgup", "pageup": return [.pageUp]
        case "pgdn", "pagedown": return [.pageDown]
        case "home": return [.home]
        case "end": return [.end]
        case "enter", "return": return [.enter]
        case "esc", "escape": return [.escape]
        case "tab": return [.tab]
        case "shift-tab", "backtab", "btab": return [.backTab]
        case "bs", "backspace": return [.backspace]
        case "del", "delete": return [.delete]
        case "space": return [.character(" ")]
        default: break
        }
        let lower = name.lowercased()
        if lower.hasPrefix("f"), let number = Int(lower.dropFirst()), (1...12).contains(number) { return [.function(number)] }
        if lower.hasPrefix("ctrl-"), lower.count == 6, let letter = lower.last { return [.control(letter)] }
        if name.count == 1, let character = name.first { return [.character(character)] }
        return nil
    }
}
