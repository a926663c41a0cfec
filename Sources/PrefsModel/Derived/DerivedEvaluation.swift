/// The derived values being computed on this task or thread, outermost first: how a derived
/// value that reads itself, directly or through others, is found and named instead of
/// recursing until the stack overflows (a crash with no word of which value did it).
enum DerivedEvaluation {
    // A task-local, as ``ReadTracking/current`` is: two threads computing the same value at
    // once are no cycle.
    @TaskLocal static var chain: [String] = []

    /// Runs `body`, the computation of the derived value `name`. A value already being computed
    /// on this task is a declaration fault in code, like two keys with one name: it stops the
    /// program with a message naming the whole cycle, since no value can be returned.
    static func computing<Result>(_ name: String, _ body: () -> Result) -> Result {
        let chain = self.chain
        if chain.contains(name) { fatalError(cycleMessage(chain, repeating: name)) }
        return $chain.withValue(chain + [name]) { body() }
    }

    /// `DerivedValue "a" reads itself: a → b → a`.
    static func cycleMessage(_ chain: [String], repeating name: String) -> String {
        let cycle = chain.drop { $0 != name } + [name]
        let how = cycle.count == 2 ? "reads itself" : "reads itself through other derived values"
        return "DerivedValue \"\(name)\" \(how): " + cycle.map { "\"\($0)\"" }.joined(separator: " → ")
            + "; a derived value may read settings and other derived values, but not itself"
    }
}
