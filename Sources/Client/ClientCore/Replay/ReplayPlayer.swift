// The replay viewer's position in a recording, pure: which events are applied (`position`, a
// count from the start), whether it plays and how fast. Stepping goes by bursts (output whose
// events follow each other within `burstGap`), so each step shows a screen as the program left it
// when it paused rather than one caught mid-draw; markers are the recording's own marks. The
// runtime feeds the events before `position` into a screen (from a keyframe when going back).
/// Where a replay stands.
public struct ReplayPlayer: Equatable, Sendable {
    /// Output events closer than this (seconds) belong to one burst.
    public static let burstGap = 0.3

    /// Event times, in order.
    public let times: [Double]
    /// Positions after each burst's last event, ascending.
    public let burstEnds: [Int]
    /// Positions after each marker, ascending.
    public let markers: [Int]
    /// Events applied, from the start (0: nothing drawn; `times.count`: the final screen).
    public private(set) var position = 0
    /// True while playing.
    public private(set) var playing = false
    /// The playing speed (1: as recorded).
    public private(set) var speed = 1.0
    /// While playing: the recording's time at `anchorClock`.
    private var anchorTime = 0.0
    private var anchorClock = MonotonicTime.zero

    /// A player over events at `times`, of which those in `outputs` are output and those in
    /// `markerIndices` markers.
    public init(times: [Double], outputs: Set<Int>, markerIndices: [Int]) {
        self.times = times
        var ends: [Int] = []
        for index in times.indices where outputs.contains(index) {
            let next = times.index(after: index)
            if next == times.count || times[next] - times[index] >= Self.burstGap || !outputs.contains(next) {
                ends.append(index + 1)
            }
        }
        burstEnds = ends
        markers = markerIndices.sorted().map { $0 + 1 }
    }

    /// The player for `cast`.
    public init(_ cast: Asciicast) {
        var outputs = Set<Int>()
        var markers: [Int] = []
        for (index, event) in cast.events.enumerated() {
            switch event.kind {
            case .output: outputs.insert(index)
            case .marker: markers.append(index)
            case .resize, .input: break
            }
        }
        self.init(times: cast.events.map(\.time), outputs: outputs, markerIndices: markers)
    }

    /// The recording's time shown: the last applied event's, or while playing the clock's.
    public func time(now: MonotonicTime) -> Double {
        if playing { return min(anchorTime + (now - anchorClock).secondsDouble * speed, duration) }
        return position > 0 ? times[position - 1] : 0
    }

    /// The time of the last event.
    public var duration: Double { times.last ?? 0 }

    /// Applies `command` at `now`.
    public mutating func apply(_ command: ReplayControl, now: MonotonicTime) {
        switch command {
        case .togglePlay:
            if playing {
                advance(now: now)
                playing = false
            } else {
                if position == times.count { position = 0 }
                play(from: position > 0 ? times[position - 1] : 0, now: now)
            }
            return
        case .faster, .slower:
            let current = time(now: now)
            speed = command == .faster ? min(speed * 2, 64) : max(speed / 2, 1.0 / 16)
            if playing { play(from: current, now: now) }
            return
        case .nextBurst: position = burstEnds.first { $0 > position } ?? times.count
        case .previousBurst: position = burstEnds.last { $0 < position } ?? 0
        case .nextEvent: position = min(position + 1, times.count)
        case .previousEvent: position = max(position - 1, 0)
        case .nextMarker: position = markers.first { $0 > position } ?? position
        case .previousMarker: position = markers.last { $0 < position } ?? position
        case .start: position = 0
        case .end: position = times.count
        }
        playing = false
    }

    /// While playing, moves `position` past every event due by `now`; stops at the end.
    public mutating func advance(now: MonotonicTime) {
        guard playing else { return }
        let current = time(now: now)
        while position < times.count, times[position] <= current { position += 1 }
        if position == times.count { playing = false }
    }

    /// When the next event is due while playing (nil when paused or at the end).
    public func nextDeadline() -> MonotonicTime? {
        guard playing, position < times.count else { return nil }
        let wait = max(times[position] - anchorTime, 0) / speed
        return anchorClock + .nanoseconds(Int64(wait * 1e9))
    }

    private mutating func play(from time: Double, now: MonotonicTime) {
        playing = true
        anchorTime = time
        anchorClock = now
    }
}
