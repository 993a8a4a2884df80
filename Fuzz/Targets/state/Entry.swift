// libFuzzer entry of the `state` target: SwiftPM links executables with `main` renamed to
// `fuzz_state_main`, so that symbol starts libFuzzer's driver with StateProperty as the callback.
import FuzzDriver
import FuzzProperties

@_cdecl("fuzz_state_main")
func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    FuzzDriver.run(argc, argv, property: StateProperty.check)
}
