extension Array where Element == Int {
    /// In a list sorted ascending (the editor's lists of setting indices and rows), the first
    /// position whose element is not below `value`, or `count` when every element is: a binary
    /// search, so that a lookup among 50,000 settings costs some sixteen comparisons.
    ///
    /// ```swift
    /// [2, 5, 9].firstPosition(notBelow: 5)  // 1
    /// ```
    func firstPosition(notBelow value: Int) -> Int {
        var low = 0, high = count
        while low < high {
            let middle = (low + high) / 2
            if self[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Whether a list sorted ascending holds `value`.
    func sortedContains(_ value: Int) -> Bool {
        let position = firstPosition(notBelow: value)
        return position < count && self[position] == value
    }
}
