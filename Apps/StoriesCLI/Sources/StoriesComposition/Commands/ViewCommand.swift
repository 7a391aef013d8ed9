public import ArgumentParser
import FeedPaging
import Foundation
import StoryImages
import StoryInterfaces
import StoryModels
import StoryNavigation
import StoryTerminal

/// `stories view USER --keys "KEYS" [--json]`: the scripted viewer of PRODUCT.md §3.
struct ViewCommand: AsyncParsableCommand {
    /// The command's help.
    static let configuration = CommandConfiguration(
        commandName: "view", _superCommandName: "stories",
        abstract: "Run the viewer on a user's story with scripted keys; print one event per line.",
        discussion: """
            Keys, space-separated: next prev nextUser prevUser pause resume like mute close retry \
            wait:5s (wait advances a virtual clock, so auto-advance runs without sleeping). Media \
            really load; each key is applied once the current media has loaded or failed. A \
            video runs for its declared duration on the virtual clock (its poster is loaded, the \
            video is not decoded); --json says playbackStarted when it starts. Seen, \
            liked and muted state go to the configured store. The viewer opens at the user's first \
            unseen item and moves across the users of the user's tray page; moving forwards \
            passes over muted users (mute toggles the current one).

            --list prints the user's items instead — the ids `like`, `seen` and `photo` take.

            Examples:
              stories view ada --keys "wait:5s like next" --json
              stories view paul-jarvis --keys "next next close"
              stories view ada --list
            """)

    @OptionGroup(title: "Global options") var options: GlobalOptions

    @Argument(
        help: ArgumentHelp("The user id, as `stories tray` prints it.", valueName: "user"),
        completion: .custom { words, _, prefix in await Self.userIDs(words, prefix: prefix) })
    var user: String

    @Option(help: "The keys to apply.") var keys = ""

    @Flag(help: "Print one JSON object per event (with --list, per item).") var json = false

    @Flag(help: "List the user's items (index, id, kind, seen, liked) instead of running the viewer.")
    var list = false

    /// The shell's completion of a user id: the first tray page's ids of the source the
    /// command line (its configuration flags), the environment and the config file configure;
    /// none when it cannot be opened.
    static func userIDs(_ words: [String], prefix: String) async -> [String] {
        let flags: Set<String> = ["--config", "--source", "--stories-file", "--picsum-url", "--set"]
        var given: [String] = []
        for (index, word) in words.enumerated() {
            if flags.contains(where: { word.hasPrefix($0 + "=") }) {
                given.append(word)
            } else if flags.contains(word), index + 1 < words.count {
                given += [word, words[index + 1]]
            }
        }
        guard let options = try? GlobalOptions.parse(given),
            let root = try? options.compositionRoot(environment: ProcessInfo.processInfo.environment),
            let source = try? await root.makeContent(),
            let request = try? PageRequest(page: 1, limit: root.settings.feed.pageSize),
            let page = try? await source.stories.stories(request)
        else { return [] }
        return page.elements.map(\.user.id.rawValue).filter { $0.hasPrefix(prefix) }
    }

    /// Checks the keys before anything loads.
    func validate() throws {
        do {
            _ = try ViewerScript.parse(keys)
        } catch {
            throw ValidationError(error.description)
        }
    }

    /// Runs the script, writing seen, liked and muted state as events happen.
    func run() async throws {
        let steps = try ViewerScript.parse(keys)
        let session = try await ContentSession.open(options)
        let userID = UserID(user)
        let stories = try await TrayRules.page(
            containing: userID, in: session.content, store: session.store, order: session.root.settings.trayOrder,
            pageSize: session.root.settings.feed.pageSize)
        let progress = try await session.store.progress(for: stories.map(\.user.id))
        let liked = try await session.store.likedItems(among: stories.flatMap(\.items).map(\.id))
        let start = stories.firstIndex { $0.user.id == userID } ?? 0
        if list {
            let seen = progress[userID]?.seenItemIDs ?? []
            for (index, item) in stories[start].items.enumerated() {
                let listed = ListedItem(
                    index: index, id: item.id.rawValue, kind: item.media.isVideo ? "video" : "image",
                    seen: seen.contains(item.id), liked: liked.contains(item.id))
                try StandardStreams.printOutput(
                    json
                        ? try JSONOutput.encode(listed)
                        : StandardStreams.sanitized(
                            "\(index)  \(listed.id)  \(listed.kind)\(listed.seen ? "  seen" : "")\(listed.liked ? "  ♥" : "")"
                        ))
            }
            return
        }
        var (viewer, opening) = StoryViewer.open(
            stories, at: start, configuration: session.root.settings.viewer,
            seen: Set(progress.values.flatMap(\.seenItemIDs)), liked: liked,
            muted: Set(progress.values.filter(\.isMuted).map(\.userID)))
        let load = try session.imageLoader()
        let events = await ViewerScript.run(steps, viewer: &viewer, opening: opening) { item in
            let url: URL?
            switch item.media {
            case .image(let image): url = image
            case .video(_, _, let poster): url = poster  // no poster: a placeholder, shown at once
            }
            guard let url else { return nil }
            do {
                _ = try await load(url)
                return nil
            } catch let error as ImageDecodeError where error.isForFFmpeg {
                return nil  // FFmpeg's on screen; never decoded here, as videos are not
            } catch {
                return String(describing: error)
            }
        }
        for event in events {
            try await record(event, in: session)
            if json {
                if let record = ViewerEventRecord(event) {
                    try StandardStreams.printOutput(try JSONOutput.encode(record))
                }
            } else if let sentence = ViewerNarrator.sentence(for: event, in: viewer) {
                try StandardStreams.printOutput(StandardStreams.sanitized(sentence))
            }
        }
    }

    private func record(_ event: ViewerEvent, in session: ContentSession) async throws {
        switch event {
        case .itemSeen(let user, let item, let index): try await session.store.markSeen(item, user: user, index: index)
        case .liked(let item): try await session.store.setLiked(item, true)
        case .unliked(let item): try await session.store.setLiked(item, false)
        case .muted(let user), .unmuted(let user): try await session.store.setMuted(user, event == .muted(user))
        default: break
        }
    }
}

/// One line of `view USER --list --json`.
struct ListedItem: Encodable {
    var index: Int
    var id: String
    var kind: String
    var seen: Bool
    var liked: Bool
}
