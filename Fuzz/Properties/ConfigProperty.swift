// The TOML config file: a document the parser accepts prints back to TOML that parses to the same
// tables, keys and values; a config the interpreter accepts stays inside its documented ranges.
import ClientCore

/// The property checked by the `config` fuzz target.
public enum ConfigProperty {
    /// Nil when the property holds for `bytes` (the file's text), else what failed.
    public static func check(_ bytes: [UInt8]) -> String? {
        let text = String(decoding: bytes, as: UTF8.self)
        if let config = try? ClientConfig.parseFile(text, file: "fuzz.toml", environment: ["HOME": "/home/fuzz"]) {
            if !(1...240).contains(config.ui.frameCap) { return "frame cap \(config.ui.frameCap) accepted" }
            if !(5...3600).contains(config.ui.sessionRefreshSeconds) {
                return "refresh \(config.ui.sessionRefreshSeconds) accepted"
            }
        }
        guard let document = try? TOMLDocument.parse(text, file: "fuzz.toml") else { return nil }
        let printed = TOMLPrinter.print(document)
        guard let again = try? TOMLDocument.parse(printed, file: "printed.toml") else {
            return "printed document does not parse:\n\(printed)"
        }
        if TOMLPrinter.normalised(again) != TOMLPrinter.normalised(document) {
            return "round trip changed the document:\n\(printed)"
        }
        return nil
    }
}
