import StoryInterfaces
import StoryNavigation
import StoryTerminal

/// The viewer's videos: a video whose first frame is decoded plays, its frames replace the
/// picture and move the bar; leaving it, pausing it or closing the viewer tells the runtime's
/// one player (``AppEffect/playVideo(_:_:)`` and the rest).
extension AppUpdate {
    /// The command that puts an item's decoded media on screen: a playable video follows its
    /// playback (not in accessible mode, which describes instead of showing).
    static func ready(_ item: StoryItemID, _ open: ViewerModel, _ model: AppModel) -> ViewerCommand {
        open.media[item]?.video != nil && !model.isAccessible ? .videoReady(item) : .mediaReady(item)
    }

    /// Stops the running playback, if any.
    static func stopPlayback(_ open: inout ViewerModel) -> [AppEffect] {
        guard open.playing != nil else { return [] }
        open.playing = nil
        return [.viewer(.stopVideo)]
    }

    /// A frame of the playing video: it replaces the picture, and the bar goes to its time. A
    /// frame that was on its way when the viewer paused is dropped: once "paused" shows, the
    /// picture and the bar hold (the player continues from its next frame on resume).
    static func videoFrame(_ model: inout AppModel, _ item: StoryItemID, _ image: RGBImage, at time: Duration)
        -> [AppEffect]
    {
        guard var open = model.viewer, open.playing == item, !open.viewer.isPaused else { return [] }
        open.media[item]?.image = image
        open.framesShown += 1
        // Frames keep coming: the first one's picture stayed, so the item is seen.
        let confirmed = time >= seenConfirmation ? confirmSeen(&open) : []
        model.viewer = open
        return confirmed + apply(.played(item, at: time), to: &model)
    }
}
