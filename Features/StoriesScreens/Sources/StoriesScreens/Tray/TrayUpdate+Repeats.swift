import Foundation
import StoryInterfaces
import StoryNavigation
import StoryTerminal

/// The tray's repeats (`feed.wrap`): folded when the whole list fits the row, and never
/// walked into by the viewer.
extension TrayUpdate {
    /// The run of `stories` around `index` in which no user comes twice: forward from `index`
    /// up to the first repeat, then back from it while the users are new; and where `index`
    /// is in that run.
    static func distinctUsers(around index: Int, in stories: [Story]) -> (stories: [Story], index: Int) {
        var users: Set<UserID> = []
        var end = index
        while end < stories.count, users.insert(stories[end].user.id).inserted { end += 1 }
        var start = index
        while start > 0, users.insert(stories[start - 1].user.id).inserted { start -= 1 }
        return (Array(stories[start..<end]), index - start)
    }

    /// A list the feed repeats that fits in the row is drawn with each user once (see
    /// ``TrayModel/isWholeList``); the selection stays on its user.
    static func foldRepeats(_ tray: inout TrayModel, _ context: ScreenContext, selecting user: UserID?) {
        var users: Set<UserID> = []
        let firsts = tray.entries.filter { users.insert($0.element.id).inserted }
        guard firsts.count < tray.entries.count, firsts.count <= TrayLayout(size: context.size).visibleSlots
        else { return }
        tray.isWholeList = true
        tray.entries = firsts
        if let user, let entry = firsts.first(where: { $0.element.id == user }) { tray.selected = entry.position }
    }
}
