import PickerSources
import PickerStore

/// What a source's loader delivers to the picker's event loop.
enum LoaderDelivery: Sendable {
    /// A page, made ready for a list, and the total the source announced with it.
    case page(FriendBatch, announcedTotal: Int?)
    /// The source read again whole, behind a cached copy: its list, how many of its friends
    /// were left out for an id seen before, and the total it announced.
    case replaced(FriendList, leftOut: Int, announcedTotal: Int?)
    case finished
    case failed(SourceError)

    /// The picker event for this delivery.
    var event: PickerEvent {
        switch self {
        case .page(let batch, let total): return .friendsArrived(batch, announcedTotal: total)
        case .replaced(let list, let leftOut, let total):
            return .listReplaced(list, leftOut: leftOut, announcedTotal: total)
        case .finished: return .loadingFinished
        case .failed(let error): return .loadingFailed("\(error.problem) (\(error.source))")
        }
    }

    /// Joins `next` to `waiting` when both are pages (``FriendBatch/join(_:)``), so that while
    /// the list is behind it takes in fewer, larger batches, each merged into its order once.
    @Sendable static func join(_ waiting: inout LoaderDelivery, _ next: LoaderDelivery) -> Bool {
        guard case .page(var batch, let firstTotal) = waiting, case .page(let second, let total) = next else {
            return false
        }
        // The delivery lets go of its batch, so that the batch is joined in place.
        waiting = .finished
        let joined = batch.join(second)
        waiting = .page(batch, announcedTotal: joined ? total ?? firstTotal : firstTotal)
        return joined
    }
}

extension BackgroundFeed where Delivery == LoaderDelivery {
    /// Starts `loader`, its pages made ready for a list sorted by `sortOrder` on other threads
    /// (see ``BatchPipeline``); then, when `loader` delivers a cached copy, reads `refresh`
    /// whole on the same thread and delivers its list in one piece. One delivery waits at most:
    /// the loader waits while one does, so that a fast source does not pile pages up in memory
    /// faster than the list takes them in (with the page being read and one being made a batch
    /// on each core, four are on their way at most on two cores).
    static func loading(
        _ loader: FriendLoader, sortOrder: NameOrder, inputOrder: InputOrder? = nil, fields: NameFields? = nil,
        refresh: FriendLoader? = nil
    ) -> BackgroundFeed? {
        start(capacity: 1, join: LoaderDelivery.join) { deliver in
            do throws(SourceError) {
                try BatchPipeline.run(loader, sortOrder: sortOrder, fields: fields) { batch, total in
                    deliver(.page(batch, announcedTotal: total))
                }
                guard let refresh else {
                    deliver(.finished)
                    return
                }
                let (list, leftOut, total) = try refresh.list(
                    sortOrder: sortOrder, inputOrder: inputOrder, fields: fields)
                deliver(.replaced(list, leftOut: leftOut, announcedTotal: total))
            } catch {
                deliver(.failed(error))
            }
        }
    }
}
