// Saving the mirrors' images (PaneImageStore): each mirror that took output is written once it
// has been quiet for `saveQuiet`, or after `saveAtMost` of continuous output, and every mirror at
// a clean stop; so a server killed outright loses at most the last moments of a pane that was
// busy, and a restarted one seeds from the image (PaneSeedMerge) instead of captures alone. An
// idle server schedules nothing. Images are encoded under the lock (a mirror is only touched
// there) and written outside it.
import Foundation

extension PaneStreams {
    /// How long a mirror stays quiet before its image is saved.
    static let saveQuiet: Duration = .seconds(1)
    /// The longest a mirror that keeps writing goes unsaved.
    static let saveAtMost: Duration = .seconds(30)

    /// Saves the mirrors that are due after `delay` (and schedules the next round while any
    /// unsaved mirror remains).
    func scheduleSave(after delay: Duration) {
        Task { [weak self] in
            try? await Task.sleep(for: delay)
            self?.saveDue()
        }
    }

    private func saveDue() {
        let now = ContinuousClock.now
        let (due, next) = state.withLock { s -> ([SavedImage], Duration?) in
            var due: [SavedImage] = []
            var next: Duration?
            for mirror in s.mirrors.values {
                guard let since = mirror.unsavedSince, let last = mirror.lastChange else { continue }
                let wait = min(last + Self.saveQuiet, since + Self.saveAtMost) - now
                if wait <= .zero, let image = Self.image(of: mirror) {
                    due.append(image)
                    mirror.unsavedSince = nil
                } else {
                    next = min(next ?? wait, max(wait, .milliseconds(50)))
                }
            }
            s.saveScheduled = next != nil && !s.stopped
            return (due, s.saveScheduled ? next : nil)
        }
        write(due)
        if let next { scheduleSave(after: next) }
    }

    /// Saves every mirror with an image (a clean stop).
    func saveAll() {
        guard images != nil else { return }
        let all = state.withLock { s in s.mirrors.values.compactMap { Self.image(of: $0) } }
        write(all)
    }

    private struct SavedImage {
        var pane: String
        var identity: String
        var rows: Int
        var cols: Int
        var bytes: [UInt8]
    }

    private static func image(of mirror: PaneMirror) -> SavedImage? {
        guard let identity = mirror.identity, let image = mirror.savedImage() else { return nil }
        return SavedImage(
            pane: mirror.paneId, identity: identity, rows: image.rows, cols: image.cols, bytes: image.bytes)
    }

    private func write(_ images: [SavedImage]) {
        guard let store = self.images else { return }
        for image in images {
            store.save(
                pane: image.pane, identity: image.identity, rows: image.rows, cols: image.cols, bytes: image.bytes)
        }
    }
}
