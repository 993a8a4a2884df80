// Banner scheduling: high and urgent notifications queue for a banner; at most one new banner
// appears per `minimumBannerInterval`, showing the most urgent (then newest) queued notification
// with the others counted as "+N more". A banner lasts `bannerDuration`, then is marked read;
// an urgent one or a waiting prompt (`Banner.isSticky`) stays until answered or dismissed.
// There is one tick timer: every change re-requests it for the earliest of the banner's expiry
// and the next moment a queued banner may appear.

extension NotificationManager {
    /// Advances banner timing; call it when a `.scheduleTick` time is reached.
    public mutating func tick(now: MonotonicTime) -> [NotificationAction] {
        if let shown = banner, !shown.isSticky, now >= shown.expiresAt {
            let actions = hideBanner(markRead: true, now: now)
            return withTick(actions)
        }
        let actions = pumpBanners(now: now)
        return withTick(actions)
    }

    /// The next time `tick(now:)` must run, if any.
    public var nextTick: MonotonicTime? {
        let pumpAt: MonotonicTime? =
            pendingBanners.isEmpty ? nil : lastBannerAt.map { $0 + configuration.minimumBannerInterval }
        let expiry = banner.flatMap { $0.isSticky ? nil : $0.expiresAt }
        switch (expiry, pumpAt) {
        case (let expiry?, let pump?): return min(expiry, pump)
        case (let expiry?, nil): return expiry
        case (nil, let pump?): return pump
        case (nil, nil): return nil
        }
    }

    /// Appends the tick request that matches the current banner state. Call it only after the
    /// state change is complete (not as `withTick(mutatingCall())`, which would read the old state).
    func withTick(_ actions: [NotificationAction]) -> [NotificationAction] {
        guard !actions.isEmpty, let next = nextTick else { return actions }
        return actions + [.scheduleTick(at: next)]
    }

    /// Queues a notification for a banner if it deserves one.
    mutating func offerBanner(_ notification: ClientNotification, now: MonotonicTime) -> [NotificationAction] {
        guard configuration.bannersEnabled, notification.priority.raisesBanner, !notification.isRead else { return [] }
        if let session = notification.sessionKey, session == focusedSession { return [] }
        pendingBanners.removeAll { $0 == notification.key }
        pendingBanners.append(notification.key)
        let actions = pumpBanners(now: now)
        if actions.isEmpty { return nextTick.map { [.scheduleTick(at: $0)] } ?? [] }
        return withTick(actions)
    }

    mutating func pumpBanners(now: MonotonicTime) -> [NotificationAction] {
        let candidates = pendingBanners.compactMap(item).filter { !$0.isRead }
        pendingBanners = candidates.map(\.key)
        guard !candidates.isEmpty else { return [] }
        if let last = lastBannerAt, now < last + configuration.minimumBannerInterval {
            guard var shown = banner, shown.moreCount != candidates.count else { return [] }
            shown.moreCount = candidates.count
            banner = shown
            return [.showBanner(shown)]
        }
        let chosen = candidates.max { lhs, rhs in
            (lhs.priority, lhs.createdAt) < (rhs.priority, rhs.createdAt)
        }
        guard let chosen else { return [] }
        pendingBanners.removeAll()
        let shown = Banner(
            notification: chosen, moreCount: candidates.count - 1, shownAt: now,
            expiresAt: now + configuration.bannerDuration)
        banner = shown
        lastBannerAt = now
        return [.showBanner(shown)]
    }

    mutating func hideBanner(markRead: Bool, now: MonotonicTime) -> [NotificationAction] {
        guard let shown = banner else { return [] }
        if markRead { self.markRead(shown.notification.key) }
        banner = nil
        return [.hideBanner] + pumpBanners(now: now)
    }
}
