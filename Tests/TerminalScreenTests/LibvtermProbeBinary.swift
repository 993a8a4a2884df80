// Where the `libvterm-probe` executable is: next to the test bundle, when the full build made it.
import Foundation

enum LibvtermProbeBinary {
    /// The probe's path, if the build made it.
    static let path: String? = {
        var url = Bundle.main.bundleURL
        for _ in 0..<4 {
            let candidate = url.appendingPathComponent("libvterm-probe").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            url.deleteLastPathComponent()
        }
        return nil
    }()
}
