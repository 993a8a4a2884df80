// Validation of single option values, shared by the file, the environment and the flags so that
// all three give the same error for the same mistake.

extension ClientConfig {
    static func parseDetachKey(_ text: String, source: String, line: Int) throws(ConfigError) -> DetachKey {
        guard let key = DetachKey(parsing: text) else {
            throw .invalidValue(
                source: source, line: line, key: "detach_key",
                message: "'\(text)' is not a control key such as C-] or ^]")
        }
        if let reason = key.rejectionReason {
            throw .invalidValue(source: source, line: line, key: "detach_key", message: reason)
        }
        return key
    }

    static func parseTileSize(_ text: String, source: String, line: Int) throws(ConfigError) -> TileSize {
        guard let size = TileSize(parsing: text) else {
            throw .invalidValue(
                source: source, line: line, key: "tile_size",
                message: "'\(text)' is not COLSxROWS with 20–500 columns and 5–200 rows")
        }
        return size
    }

    static func parseColour(_ text: String, source: String, line: Int, key: String) throws(ConfigError) -> ColourMode {
        let aliases: [String: ColourMode] = ["24bit": .truecolor, "mono": .none, "never": .none]
        guard let mode = ColourMode(rawValue: text.lowercased()) ?? aliases[text.lowercased()] else {
            throw .invalidValue(
                source: source, line: line, key: key,
                message: "'\(text)' is not one of: auto, truecolor, 256, 16, none")
        }
        return mode
    }

    static func parseNotify(_ text: String, source: String, line: Int) throws(ConfigError) -> NotifyMode {
        guard let mode = NotifyMode(rawValue: text.lowercased()) else {
            throw .invalidValue(
                source: source, line: line, key: "notify", message: "'\(text)' is not one of: off, banner, bell, osc")
        }
        return mode
    }

    static func parsePrediction(_ text: String, source: String, line: Int) throws(ConfigError) -> PredictionMode {
        guard let mode = PredictionMode(rawValue: text.lowercased()) else {
            throw .invalidValue(
                source: source, line: line, key: "prediction", message: "'\(text)' is not one of: auto, on, off")
        }
        return mode
    }

    static func checkPredictionThreshold(_ millis: Int, source: String, line: Int) throws(ConfigError) -> Duration {
        guard PredictionSettings.thresholdRange.contains(millis) else {
            throw .invalidValue(
                source: source, line: line, key: "prediction_threshold_ms", message: "\(millis) is not within 0–10000")
        }
        return .milliseconds(millis)
    }

    static func checkFrameCap(_ value: Int, source: String, line: Int) throws(ConfigError) -> Int {
        guard UIOptions.frameCapRange.contains(value) else {
            throw .invalidValue(source: source, line: line, key: "fps", message: "\(value) is not within 1–240")
        }
        return value
    }

    static func parsePin(_ text: String, source: String, line: Int) throws(ConfigError) -> TLSTrust {
        guard let hex = TLSTrust.normalizedFingerprint(text) else {
            throw .invalidValue(
                source: source, line: line, key: "pin_sha256",
                message: "expected a SHA-256 fingerprint (64 hex digits, colons allowed)")
        }
        return .pinnedSHA256(hex)
    }
}
