// FrameLimiter: caps the frame rate. Pure: the caller passes the time in.

import ClientCore

/// Decides when the next frame may be drawn so that frames are at least `interval` apart.
public struct FrameLimiter: Sendable, Equatable {
    /// The shortest time between two frames (by default `UIOptions.default`'s cap).
    public let interval: Duration
    /// When the last frame was drawn, if any.
    public private(set) var lastFrame: Duration?

    /// A limiter allowing `framesPerSecond` frames per second (at least 1).
    public init(framesPerSecond: Int = UIOptions.default.frameCap) {
        let fps = max(1, framesPerSecond)
        interval = .nanoseconds(1_000_000_000 / Int64(fps))
    }

    /// How long to wait from `now` before a frame may be drawn; zero means now.
    public func delay(now: Duration) -> Duration {
        guard let last = lastFrame else { return .zero }
        let earliest = last + interval
        return earliest > now ? earliest - now : .zero
    }

    /// Records that a frame was drawn at `now`.
    public mutating func frameDrawn(at now: Duration) {
        lastFrame = now
    }
}
