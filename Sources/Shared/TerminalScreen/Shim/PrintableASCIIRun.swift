// Runs of printable ASCII (0x20–0x7E) in a piece of output: most of what a program prints. The
// input guard and the scroll planner each take such a run in one step.

extension UnsafeRawBufferPointer {
    /// The offset just past the run of printable ASCII bytes that starts at `start` (`start`
    /// itself when that byte is not one).
    @inline(__always)
    func printableASCIIRunEnd(from start: Int) -> Int {
        var end = start
        while end < count, self[end] >= 0x20, self[end] < 0x7F { end += 1 }
        return end
    }
}
