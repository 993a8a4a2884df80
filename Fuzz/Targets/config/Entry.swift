// libFuzzer entry of the `config` target: SwiftPM links executables with `main` renamed to
// `fuzz_config_main`, so that symbol starts libFuzzer's driver with ConfigProperty as the callback.
import FuzzDriver
import FuzzProperties

@_cdecl("fuzz_config_main")
func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    FuzzDriver.run(argc, argv, property: ConfigProperty.check)
}
