// Whether Debian's Python has the `websockets` library (python3-websockets, which
// Scripts/bootstrap installs): tests that talk to a Python WebSocket peer run only then.
import Foundation

/// The system Python and its `websockets` library.
public enum PythonWebSocketsProbe {
    /// The interpreter the tests run (Debian's, where apt installs python3-websockets).
    public static let python = "/usr/bin/python3"

    /// True when `python` imports `websockets`.
    public static let isInstalled: Bool = {
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: python)
        probe.arguments = ["-c", "import websockets"]
        probe.standardOutput = FileHandle.nullDevice
        probe.standardError = FileHandle.nullDevice
        guard (try? probe.run()) != nil else { return false }
        return ChildWait.exitStatus(of: probe) == 0
    }()
}
