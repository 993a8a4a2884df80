import ClientCore
import Foundation
import Testing

@Suite struct AppAttachTests {
    @Test func enterAttachesAtTheLocalSizeMinusTheStatusLine() {
        var state = AppWorld.state()
        let effects = state.press(.enter)
        #expect(state.page == .attached(AppWorld.a))
        #expect(effects == [.attach(AppWorld.a, GridSize(cols: 120, rows: 39))] + effects.dropFirst())
        #expect(!effects.contains(.unwatch(AppWorld.a)))
    }

    @Test func everyKeyGoesToTheRemoteExceptTheDetachKey() {
        var state = AppWorld.state()
        _ = state.press(.enter)
        #expect(state.press(.char("q")) == [.forwardKey(AppWorld.a, .char("q"))])
        #expect(state.press(.ctrl("c")) == [.forwardKey(AppWorld.a, .ctrl("c"))])
        #expect(state.press(.char("?")) == [.forwardKey(AppWorld.a, .char("?"))])
        #expect(state.press(.tab) == [.forwardKey(AppWorld.a, .tab)])
        #expect(state.overlay == nil)
        let effects = state.press(.ctrl("]"))
        #expect(effects.first == .detach(AppWorld.a))
        #expect(state.page == .sessions)
        #expect(state.watched.contains(AppWorld.a))
        #expect(!effects.contains(.unwatch(AppWorld.a)))
    }

    @Test func pasteGoesToTheSessionOrIntoTextFields() {
        var state = AppWorld.state()
        _ = state.press(.char(":"), .paste("boa"), .char("r"), .char("d"), .enter)
        #expect(state.page == .board)
        _ = state.press(.char("g"), .char("s"), .enter)
        #expect(state.press(.paste("ls\n")) == [.forwardKey(AppWorld.a, .paste("ls\n"))])
    }

    @Test func focusReportsUpdateTheFocusFlagWithoutTouchingTheSession() {
        var state = AppWorld.state()
        _ = state.press(.enter)
        #expect(state.press(.focus(false)).isEmpty)
        #expect(!state.focused)
        _ = state.press(.focus(true))
        #expect(state.focused)
    }

    @Test func configuredDetachKeyIsHonoured() throws {
        var state = AppWorld.state()
        state.ui.detachKey = try #require(DetachKey(parsing: "C-g"))
        _ = state.press(.enter)
        #expect(state.press(.ctrl("]")) == [.forwardKey(AppWorld.a, .ctrl("]"))])
        _ = state.press(.ctrl("g"))
        #expect(state.page == .sessions)
    }

    @Test func resizeWhileAttachedIsSentToTheRemote() {
        var state = AppWorld.state()
        _ = state.press(.enter)
        #expect(
            state.reduce(.resized(GridSize(cols: 80, rows: 24))) == [
                .resizeRemote(AppWorld.a, GridSize(cols: 80, rows: 23))
            ])
        _ = state.press(.ctrl("]"))
        #expect(
            state.reduce(.resized(GridSize(cols: 100, rows: 30))).allSatisfy {
                if case .resizeRemote = $0 { false } else { true }
            })
    }

    @Test func completedSessionsCannotBeAttached() {
        var state = AppWorld.state()
        state.selection = AppWorld.done
        #expect(state.press(.enter).isEmpty)
        #expect(state.page == .sessions)
        #expect(state.flash == "session is not running")
    }

    @Test func detachingAnInvisibleSessionClosesItsStream() {
        var state = AppWorld.state(size: GridSize(cols: 60, rows: 20))
        #expect(state.watched.isEmpty)
        _ = state.press(.enter)
        #expect(state.watched == [AppWorld.a])
        let effects = state.press(.ctrl("]"))
        #expect(effects == [.detach(AppWorld.a), .unwatch(AppWorld.a)])
    }

    @Test func scrollbackSearchIsLocal() {
        var state = AppWorld.state()
        _ = state.press(.enter)
        #expect(state.press(.shiftPageUp).isEmpty)
        #expect(state.scrollback?.offset == 38)
        #expect(state.press(.char("/"), .char("e"), .char("r"), .char("r"), .enter).isEmpty)
        #expect(state.scrollback?.query == "err")
        #expect(state.scrollback?.editing == false)
        _ = state.press(.char("n"), .char("n"), .char("N"))
        #expect(state.scrollback?.match == 1)
        _ = state.press(.char("q"))
        #expect(state.scrollback == nil)
        #expect(state.press(.char("x")) == [.forwardKey(AppWorld.a, .char("x"))])
    }
}
