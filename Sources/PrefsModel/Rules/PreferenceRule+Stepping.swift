extension PreferenceRule where Value == Int {
    /// The value `steps` steps of the rule away from `value` (negative: down), held within the
    /// range; a rule without a range steps by 1. At a bound the bound itself is returned.
    ///
    /// ```swift
    /// PreferenceRule<Int>.range(5...240, step: 5).stepped(15, by: 1)  // 20
    /// ```
    public func stepped(_ value: Int, by steps: Int) -> Int {
        NumberGrid(description).stepped(value, by: steps)
    }
}

extension PreferenceRule where Value == Double {
    /// The value `steps` steps of the rule away from `value` (negative: down), on the grid
    /// `min + k·step` and held within the range. The result is the double nearest to the
    /// decimal grid value, so stepping up and back lands exactly where it started.
    ///
    /// ```swift
    /// PreferenceRule<Double>.range(0...1, step: 0.05).stepped(0.75, by: 1)  // 0.8
    /// ```
    public func stepped(_ value: Double, by steps: Int) -> Double {
        NumberGrid(description).stepped(value, by: steps)
    }

    /// The grid value nearest to `value` when it lies within 1e-9 of the grid, otherwise
    /// `value` unchanged. Every write stores values snapped like this.
    ///
    /// ```swift
    /// PreferenceRule<Double>.range(0...1, step: 0.05).snapped(0.15000000000000002)  // 0.15
    /// ```
    package func snapped(_ value: Double) -> Double {
        NumberGrid(description).snapped(value)
    }
}
