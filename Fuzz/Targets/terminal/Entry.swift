// libFuzzer entry of the `terminal` target: SwiftPM links executables with `main` renamed to
// `fuzz_terminal_main`, so that symbol starts libFuzzer's driver with TerminalProperty as the callback.
import FuzzDriver
import FuzzProperties

@_cdecl("fuzz_terminal_main")
func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    FuzzDriver.run(argc, argv, property: TerminalProperty.check)
}
