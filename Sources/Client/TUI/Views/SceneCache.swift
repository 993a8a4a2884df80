// The sessions page's layout and visible tiles, computed from the state only when the inputs
// they depend on change: both sort the session list, and the wall redraws 60 times a second.

import ClientCore

/// Layout and visible tiles of the sessions page.
struct Scene: Equatable {
    /// Where the header, list, tiles and footer go.
    let layout: SessionsPageLayout
    /// The sessions shown in the tile slots, in slot order.
    let visibleTiles: [SessionKey]
}

/// Caches `Scene` by the state it is computed from.
final class SceneCache {
    private struct Inputs: Equatable {
        let sessions: SessionTable
        let filter: SessionFilter
        let servers: [ServerStatus]
        let selection: SessionKey?
        let zoomed: SessionKey?
        let page: MainPage
        let size: GridSize
    }

    private var inputs: Inputs?
    private var scene = Scene(
        layout: SessionsPageLayout.compute(size: GridSize(cols: 0, rows: 0), liveCount: 0, listRows: 0, zoomed: false),
        visibleTiles: [])

    /// The scene for `state`, recomputed only when its inputs changed.
    func scene(for state: AppState) -> Scene {
        let current = Inputs(
            sessions: state.sessions, filter: state.filter, servers: state.servers, selection: state.selection,
            zoomed: state.zoomed,
            page: state.page, size: state.size)
        if current != inputs {
            inputs = current
            scene = Scene(layout: state.layout, visibleTiles: state.visibleTiles)
        }
        return scene
    }
}
