// The permission check for API key files, modelled on ssh's refusal of private keys that others
// can read. The caller stats the file (I/O) and passes the mode in; this stays a pure decision.

/// Decides whether an API key file may be used, given its `st_mode`.
public enum KeyFilePolicy {
    /// The permission bits that must be clear: any access by group or others.
    public static let forbiddenBits: UInt32 = 0o077

    /// Checks `mode` (either the full `st_mode` or only the permission bits) for the file at
    /// `path`. Returns the permission bits on success, or an ssh-like error that names the path and
    /// the mode and says how to fix it.
    public static func check(mode: UInt32, path: String) -> Result<UInt32, ConfigError> {
        let fileType = mode & 0o170000
        let regularFile: UInt32 = 0o100000
        if fileType != 0 && fileType != regularFile {
            return .failure(.keyFileNotRegular(path: path))
        }
        let permissions = mode & 0o7777
        if permissions & forbiddenBits != 0 {
            return .failure(.keyFileTooOpen(path: path, mode: permissions))
        }
        return .success(permissions)
    }
}
