// Tiles of a server without pane streams (issue 35): `reduce` never asks for a terminal stream
// for one of its tiles (there it would be a tmux client: a `select-pane` and an attach that can
// shrink the user's windows), only for the attach the user asked for with Enter; its tiles are
// pictures. A server that has not said yet gets no tile stream either.

import ClientCore
import Foundation
import Testing

@Suite struct AppPictureTilesTests {
    /// The world's sessions on servers that have not said whether they stream panes.
    static func unasked() -> AppState {
        var state = AppState(servers: ["local", "remote"], now: AppWorld.t0, size: GridSize(cols: 120, rows: 40))
        _ = state.reduce(.serverLink(server: "local", link: .online))
        _ = state.reduce(.serverLink(server: "remote", link: .online))
        _ = state.reduce(
            .sessionsLoaded(server: "local", sessions: [AppWorld.session(AppWorld.a), AppWorld.session(AppWorld.b)]))
        _ = state.reduce(.sessionsLoaded(server: "remote", sessions: [AppWorld.session(AppWorld.c, project: "infra")]))
        return state
    }

    /// Every effect that opens a terminal stream.
    static func streamsOpened(_ effects: [AppEffect]) -> [AppEffect] {
        effects.filter {
            switch $0 {
            case .watch, .attach: true
            default: false
            }
        }
    }

    @Test func aServerThatHasNotSaidGetsNoTileStreamAndNoPicture() {
        let state = Self.unasked()
        #expect(state.visibleTiles.count == 3)
        #expect(state.watched.isEmpty)
        #expect(state.pictured.isEmpty)
    }

    @Test func aServerWithoutPaneStreamsGetsPicturesNeverAStream() {
        var state = Self.unasked()
        let effects = state.reduce(.serverStreams(server: "local", paneStreams: false))
        #expect(effects == [.showPictures(AppWorld.a), .showPictures(AppWorld.b)])
        #expect(state.pictured == [AppWorld.a, AppWorld.b])
        #expect(state.watched.isEmpty)
        // The other server streams panes: its tile is a stream, as before.
        #expect(state.reduce(.serverStreams(server: "remote", paneStreams: true)) == [.watch(AppWorld.c, .default)])
        #expect(state.watched == [AppWorld.c])
    }

    @Test func pagingZoomingAndFindingNeverOpenAStreamThere() {
        var state = Self.unasked()
        _ = state.reduce(.serverStreams(server: "local", paneStreams: false))
        _ = state.reduce(.serverStreams(server: "remote", paneStreams: false))
        var effects: [AppEffect] = []
        for key in [AppKey.char("j"), .char("z"), .char("z"), .char("l"), .char("h"), .char("f")] {
            effects += state.press(key)
        }
        effects += state.press(.escape)
        #expect(Self.streamsOpened(effects).isEmpty, "\(effects)")
        #expect(state.watched.isEmpty)
    }

    @Test func enterAttachesAtTheTerminalSizeAndLeavingShowsThePictureAgain() {
        var state = Self.unasked()
        _ = state.reduce(.serverStreams(server: "local", paneStreams: false))
        let attach = state.press(.enter)
        // The attach page shows no tiles: every picture tile is hidden, none becomes a stream.
        #expect(
            attach == [
                .attach(AppWorld.a, GridSize(cols: 120, rows: 39)), .hidePictures(AppWorld.a),
                .hidePictures(AppWorld.b),
            ])
        #expect(!state.pictured.contains(AppWorld.a))
        #expect(state.watched.isEmpty, "the attach's stream is no tile stream: detach must close it")
        let detach = state.press(.ctrl("]"))
        #expect(detach == [.detach(AppWorld.a), .showPictures(AppWorld.a), .showPictures(AppWorld.b)])
        #expect(state.watched.isEmpty)
        #expect(state.pictured.contains(AppWorld.a))
    }

    @Test func aServerFoundWithoutPaneStreamsClosesItsTileStreams() {
        var state = AppWorld.state()
        #expect(state.watched == [AppWorld.a, AppWorld.b, AppWorld.c])
        let effects = state.reduce(.serverStreams(server: "local", paneStreams: false))
        #expect(
            effects == [
                .unwatch(AppWorld.a), .unwatch(AppWorld.b), .showPictures(AppWorld.a), .showPictures(AppWorld.b),
            ])
        #expect(
            state.reduce(.serverStreams(server: "local", paneStreams: true)) == [
                .hidePictures(AppWorld.a), .hidePictures(AppWorld.b), .watch(AppWorld.a, .default),
                .watch(AppWorld.b, .default),
            ])
    }

    @Test func aLinkThatComesBackReopensNoPictureTile() {
        var state = Self.unasked()
        _ = state.reduce(.serverStreams(server: "local", paneStreams: false))
        _ = state.reduce(.serverLink(server: "local", link: .offline("offline")))
        let effects = state.reduce(.serverLink(server: "local", link: .online))
        #expect(Self.streamsOpened(effects).isEmpty, "\(effects)")
    }

    @Test func aPictureAgeIsKeptForShownPicturesAndRedrawnWhenItsTextChanges() {
        var state = Self.unasked()
        _ = state.reduce(.serverStreams(server: "local", paneStreams: false))
        _ = state.reduce(.pictureChanged(AppWorld.a, at: AppWorld.t0))
        _ = state.reduce(.pictureChanged(AppWorld.c, at: AppWorld.t0))
        #expect(state.pictureChanged == [AppWorld.a: AppWorld.t0], "remote's tile is no picture")
        _ = state.reduce(AppWorld.tick(1.5))
        #expect(state.nextPictureTextChange == AppWorld.t0.addingTimeInterval(2))
        _ = state.reduce(AppWorld.tick(90))
        #expect(state.nextPictureTextChange == AppWorld.t0.addingTimeInterval(120))
        _ = state.press(.enter)
        #expect(state.pictureChanged.isEmpty, "an attached session's tile is no picture")
    }
}
