// When predictive local echo is on: `[ui] prediction = "auto" | "on" | "off"` and
// `[ui] prediction_threshold_ms` (the round trip above which `auto` predicts).

/// Whether typed characters are echoed locally before the server answers.
public enum PredictionMode: String, Equatable, Hashable, Sendable, Codable, CaseIterable {
    /// Never.
    case off
    /// Whenever the pane is known to echo (even on a fast link).
    case on
    /// When the measured round trip exceeds the threshold and the pane is known to echo.
    case auto
}

/// The prediction settings.
public struct PredictionSettings: Equatable, Hashable, Sendable, Codable {
    /// The mode. Default `.auto`.
    public var mode: PredictionMode
    /// The round trip above which `auto` predicts. Default 30 ms.
    public var threshold: Duration

    /// The defaults: auto above 30 ms.
    public static let `default` = PredictionSettings(mode: .auto, threshold: .milliseconds(30))

    /// The allowed thresholds, in milliseconds.
    public static let thresholdRange = 0...10_000

    /// Creates settings.
    public init(mode: PredictionMode, threshold: Duration) {
        self.mode = mode
        self.threshold = threshold
    }
}
