/// A schema's keys by name, as places in its list of keys: a table of 4-byte slots over the
/// list, which holds the names (open addressing, the next slot on a collision).
///
/// Why not a dictionary from names to keys: it held every name and key reference again, in
/// slots of 24 bytes sized for its load, 3.2 MB of a 50,000-setting schema in the peak of
/// opening it. This table holds 4 bytes a slot, at most half of them used.
struct KeyIndex: Sendable {
    /// A place in the list, or -1 for an empty slot. A power of two long.
    private var slots: [Int32]
    private var count = 0

    /// A table with room for `capacity` keys before it grows.
    init(capacity: Int) {
        var size = 8
        while size < capacity * 2 { size <<= 1 }
        slots = Array(repeating: -1, count: size)
    }

    /// A table of every key in `keys`, with the place of the first key of each name.
    init(of keys: [AnyPreferenceKey]) {
        self.init(capacity: keys.count)
        for place in keys.indices { _ = insert(place, in: keys) }
    }

    /// The place in `keys` (the list the table was made over) of the key named `name`.
    func place(of name: String, in keys: [AnyPreferenceKey]) -> Int? {
        let mask = slots.count - 1
        var slot = name.hashValue & mask
        while true {
            let place = slots[slot]
            if place < 0 { return nil }
            if keys[Int(place)].name == name { return Int(place) }
            slot = (slot + 1) & mask
        }
    }

    /// Records the key at `place` in `keys`; when a key of that name is recorded already, its
    /// place, and nothing is recorded.
    mutating func insert(_ place: Int, in keys: [AnyPreferenceKey]) -> Int? {
        if (count + 1) * 2 > slots.count { grow(in: keys) }
        let name = keys[place].name
        let mask = slots.count - 1
        var slot = name.hashValue & mask
        while slots[slot] >= 0 {
            let other = Int(slots[slot])
            if keys[other].name == name { return other }
            slot = (slot + 1) & mask
        }
        slots[slot] = Int32(place)
        count += 1
        return nil
    }

    private mutating func grow(in keys: [AnyPreferenceKey]) {
        let old = slots
        slots = Array(repeating: -1, count: old.count * 2)
        let mask = slots.count - 1
        for place in old where place >= 0 {
            var slot = keys[Int(place)].name.hashValue & mask
            while slots[slot] >= 0 { slot = (slot + 1) & mask }
            slots[slot] = place
        }
    }
}
