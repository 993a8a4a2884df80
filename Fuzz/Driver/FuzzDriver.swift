// Runs libFuzzer (LLVMFuzzerRunDriver from the toolchain's libclang_rt.fuzzer_no_main, linked by
// Scripts/fuzz) over one property: an input for which the property reports a failure aborts, so
// libFuzzer saves it as a crash.

/// The C signature of libFuzzer's test callback.
typealias FuzzCallback = @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt

@_silgen_name("LLVMFuzzerRunDriver")
func llvmFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: FuzzCallback
) -> CInt

/// The entry point shared by the fuzz executables.
public enum FuzzDriver {
    /// The property under test; set once before the driver starts, read on the fuzzing thread.
    nonisolated(unsafe) static var property: ([UInt8]) -> String? = { _ in nil }

    /// Starts libFuzzer with `argc`/`argv` and `property` as the test; returns its exit status.
    public static func run(
        _ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
        property: @escaping ([UInt8]) -> String?
    ) -> CInt {
        Self.property = property
        var count = argc
        var arguments = argv
        return llvmFuzzerRunDriver(&count, &arguments) { data, size in
            let bytes = size == 0 ? [] : Array(UnsafeBufferPointer(start: data, count: size))
            if let failure = FuzzDriver.property(bytes) { fatalError("property failed: \(failure)") }
            return 0
        }
    }
}
