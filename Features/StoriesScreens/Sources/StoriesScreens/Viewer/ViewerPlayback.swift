import StoryImages
import StoryInterfaces
import StoryNavigation
import StoryTerminal

/// The viewer's videos: a video whose first frame is decoded plays, its frames replace the
/// picture and move the bar; leaving it, pausing it or closing the viewer tells the runtime's
/// one player (``ViewerEffect/playVideo(_:_:)`` and the rest).
extension ViewerUpdate {
    /// The command that puts an item's decoded media on screen: a playable video follows its
    /// playback (not in accessible mode, which describes instead of showing).
    static func ready(_ item: StoryItemID, _ open: ViewerModel, _ around: Around) -> ViewerCommand {
        let media = open.media[item]
        return media?.video != nil && media?.animated == false && !around.isAccessible
            ? .videoReady(item) : .mediaReady(item)
    }

    /// A video shown by its first frame plays from its start (held if paused); so does an
    /// animated picture, on its item's clock.
    static func playFromStart(_ item: StoryItemID, _ open: inout ViewerModel) -> [ViewerEffect] {
        guard open.viewer.current?.item.id == item, let media = open.media[item], let video = media.video,
            open.viewer.followsPlayback || media.animated
        else { return [] }
        open.playing = item
        open.framesShown = 0
        return [.playVideo(item, video)] + (open.viewer.isPaused ? [.pauseVideo] : [])
    }

    /// Stops the running playback, if any.
    static func stopPlayback(_ open: inout ViewerModel) -> [ViewerEffect] {
        guard open.playing != nil else { return [] }
        open.playing = nil
        return [.stopVideo]
    }

    /// A frame of the playing video: it replaces the picture, and the bar goes to its time. A
    /// frame that was on its way when the viewer paused is dropped: once "paused" shows, the
    /// picture and the bar hold (the player continues from its next frame on resume).
    static func videoFrame(
        _ open: inout ViewerModel, _ around: inout Around, _ item: StoryItemID, _ image: RGBImage, at time: Duration
    ) -> [ViewerEffect] {
        guard open.playing == item, !open.viewer.isPaused else { return [] }
        open.media[item]?.image = image
        open.framesShown += 1
        if open.media[item]?.animated == true { return [] }  // the bar keeps the item's clock
        // Frames keep coming: the first one's picture stayed, so the item is seen.
        let confirmed = time >= AppUpdate.seenConfirmation ? confirmSeen(&open) : []
        return confirmed + apply(.played(item, at: time), to: &open, &around)
    }
}
