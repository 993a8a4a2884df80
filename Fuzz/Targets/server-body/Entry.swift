// libFuzzer entry of the `server-body` target: SwiftPM links executables with `main` renamed to
// `fuzz_server_body_main`, so that symbol starts libFuzzer's driver with ServerBodyProperty as the callback.
import FuzzDriver
import FuzzProperties

@_cdecl("fuzz_server_body_main")
func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    FuzzDriver.run(argc, argv, property: ServerBodyProperty.check)
}
