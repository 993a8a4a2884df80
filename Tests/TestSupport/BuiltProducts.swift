// Where `swift build` put the package's executables: beside the test bundle
// (`.build/<triple>/debug`), found by walking up from it; `CLAUDEPM_BIN_DIR` overrides.
import Foundation

/// The package's built executables, as the tests find them.
public enum BuiltProducts {
    /// The path of the built executable `name`, nil when the build did not make it.
    public static func path(of name: String) -> String? {
        if let override = ProcessInfo.processInfo.environment["CLAUDEPM_BIN_DIR"] {
            let candidate = URL(fileURLWithPath: override).appendingPathComponent(name).path
            return FileManager.default.isExecutableFile(atPath: candidate) ? candidate : nil
        }
        var url = Bundle.main.bundleURL
        for _ in 0..<4 {
            let candidate = url.appendingPathComponent(name).path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            url.deleteLastPathComponent()
        }
        return nil
    }
}
