// The error `UIWorld.waitForStillWorld` throws when the agents never settle: it says what the
// agents' panes and the list last showed, so a failure names its state.

/// `waitForStillWorld` ran out of time; says what it last saw.
struct StillWorldTimeout: Error, CustomStringConvertible {
    let description: String
}
