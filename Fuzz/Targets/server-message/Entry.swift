// libFuzzer entry of the `server-message` target: SwiftPM links executables with `main` renamed to
// `fuzz_server_message_main`, so that symbol starts libFuzzer's driver with ServerMessageProperty as the callback.
import FuzzDriver
import FuzzProperties

@_cdecl("fuzz_server_message_main")
func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    FuzzDriver.run(argc, argv, property: ServerMessageProperty.check)
}
