// libFuzzer entry of the `client-message` target: SwiftPM links executables with `main` renamed to
// `fuzz_client_message_main`, so that symbol starts libFuzzer's driver with ClientMessageProperty as the callback.
import FuzzDriver
import FuzzProperties

@_cdecl("fuzz_client_message_main")
func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    FuzzDriver.run(argc, argv, property: ClientMessageProperty.check)
}
