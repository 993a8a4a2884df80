/// Modifier keys held with a key or mouse event on its way to libvterm. The raw values match
/// libvterm's `VTermModifier`.
struct KeyModifiers: OptionSet, Hashable, Sendable {
    /// The raw bits (`VTERM_MOD_*`).
    let rawValue: UInt8

    /// Creates modifiers from raw bits.
    init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Shift.
    static let shift = KeyModifiers(rawValue: 0x01)
    /// Alt / Meta / Option.
    static let alt = KeyModifiers(rawValue: 0x02)
    /// Control.
    static let ctrl = KeyModifiers(rawValue: 0x04)
}
