/// What a command hands back to the process as it ends, instead of freeing it on its way out.
///
/// A command that opened a large suite owns thousands of keys, values and rows; freeing them
/// one by one when `run` returns was 15% of `render`'s instructions at 10,000 settings
/// (callgrind), for memory the process gives back whole a moment later. Objects kept here stay
/// reachable, so a leak checker does not count them either.
enum KeptUntilExit {
    /// Written only from the main thread, by a command just before it returns.
    nonisolated(unsafe) private static var objects: [AnyObject] = []

    static func keep(_ object: AnyObject) {
        objects.append(object)
    }
}
