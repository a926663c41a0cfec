/// A suite's keys in the order its plist file lists them (UTF-16 code units, as Foundation sorts),
/// kept up to date key by key.
///
/// Why: sorting is most of the cost of writing a large suite (10,000 keys: about 6 ms of an
/// 11 ms encode), and a commit usually changes one key. Inserting or removing that key in a
/// sorted array costs a binary search and a move.
package struct PlistKeyOrder: Sendable {
    package private(set) var keys: [String]

    /// Sorts the keys once, for values that were read from the file or built whole.
    package init(_ keys: some Sequence<String>) {
        self.keys = keys.sorted(by: PlistXMLWriter.precedesInUTF16)
    }

    /// Takes keys in the order a file listed them, sorting them only when the file did not.
    ///
    /// Why: every writer we know lists keys sorted, so a check of neighbours (one comparison
    /// per key) usually replaces a sort (about 50 M instructions at 10,000 keys).
    package init(listed keys: [String]) {
        var sorted = true
        for index in keys.indices.dropFirst() where !PlistXMLWriter.precedesInUTF16(keys[index - 1], keys[index]) {
            sorted = false
            break
        }
        self.keys = sorted ? keys : keys.sorted(by: PlistXMLWriter.precedesInUTF16)
    }

    /// Adds a key that is not there yet; a key already there stays once.
    package mutating func insert(_ key: String) {
        let index = position(of: key)
        if index < keys.count && keys[index] == key { return }
        keys.insert(key, at: index)
    }

    /// Removes a key if it is there.
    package mutating func remove(_ key: String) {
        let index = position(of: key)
        if index < keys.count && keys[index] == key { keys.remove(at: index) }
    }

    /// The first index whose key does not sort before `key`.
    private func position(of key: String) -> Int {
        var low = 0
        var high = keys.count
        while low < high {
            let middle = (low + high) / 2
            if PlistXMLWriter.precedesInUTF16(keys[middle], key) { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
