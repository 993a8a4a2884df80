// libFuzzer entry of the `control-mode` target: SwiftPM links executables with `main` renamed to
// `fuzz_control_mode_main`, so that symbol starts libFuzzer's driver with ControlModeProperty as the callback.
import FuzzDriver
import FuzzProperties

@_cdecl("fuzz_control_mode_main")
func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    FuzzDriver.run(argc, argv, property: ControlModeProperty.check)
}
