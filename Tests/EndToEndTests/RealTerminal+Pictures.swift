import Foundation

/// Taking and reading a real terminal's screenshots: when it has settled, where a picture is, how blocky it is, how far it is
/// from its source.
extension RealTerminal {
    /// A screenshot once two taken a moment apart are the same (the terminal has drawn).
    func settled() async throws -> [UInt8]? {
        var last = try await screenshot()
        for _ in 0..<100 {
            try await LiveThreads.sleep(for: .milliseconds(200))
            let next = try await screenshot()
            // Two alike, and the terminal's window drawn: a kitty still starting on a loaded
            // machine once left the bare display "settled", and its whole window counted as
            // the picture drawn.
            if next == last, next != blank { return next }
            last = next
        }
        return nil
    }

    /// The whole display as RGB bytes, `width × height × 3`.
    func screenshot() async throws -> [UInt8] { try await Self.screenshot(display: display, folder: folder) }

    /// Display `display`'s screen as RGB bytes, through a file in `folder`.
    static func screenshot(display: String, folder: String) async throws -> [UInt8] {
        let path = folder + "/shot.rgb"
        let result = try await StoriesProcess.execute(
            "/usr/bin/import", ["-window", "root", "-depth", "8", "rgb:" + path],
            environment: environment(display: display, folder: folder))
        guard result.status == 0, let data = FileManager.default.contents(atPath: path),
            data.count == Self.width * Self.height * 3
        else { throw RealTerminalError.failed("import failed: \(result.stderr)") }
        return Array(data)
    }

    /// How much a picture looks built of blocks: of the places in `box` where a pixel differs
    /// from its right neighbour, the largest share falling on one column of a grid of some
    /// period (4 to 24 pixels). Half blocks change colour only at their cells' edges (about 1);
    /// a picture in real pixels changes anywhere (a share near 1/period). Nil when fewer than
    /// 500 pixels differ (a flat picture says nothing).
    static func blockiness(_ screen: [UInt8], box: (x: Int, y: Int, width: Int, height: Int)) -> Double? {
        var columns: [Int] = []
        for y in box.y..<(box.y + box.height) {
            for x in box.x..<(box.x + box.width - 1) {
                let o = (y * width + x) * 3
                if screen[o] != screen[o + 3] || screen[o + 1] != screen[o + 4] || screen[o + 2] != screen[o + 5] {
                    columns.append(x - box.x)
                }
            }
        }
        guard columns.count >= 500 else { return nil }
        var largest = 0.0
        for period in 4...24 {
            var counts = [Int](repeating: 0, count: period)
            for column in columns { counts[column % period] += 1 }
            largest = max(largest, Double(counts.max() ?? 0) / Double(columns.count))
        }
        return largest
    }

    /// The terminals' background: magenta, a colour photographs (and a sixel palette made
    /// from one) practically never hold exactly, so a picture's edge is where it starts.
    static let background = (r: UInt8(255), g: UInt8(0), b: UInt8(255))

    /// The box of the picture through a point: the run of pixels that are not the background
    /// left, right, up and down from it.
    static func pictureBox(_ screen: [UInt8], through point: (x: Int, y: Int)) -> (
        x: Int, y: Int, width: Int, height: Int
    )? {
        func isBackground(_ x: Int, _ y: Int) -> Bool {
            let o = (y * width + x) * 3
            return screen[o] == background.r && screen[o + 1] == background.g && screen[o + 2] == background.b
        }
        guard !isBackground(point.x, point.y) else { return nil }
        var left = point.x
        while left > 0, !isBackground(left - 1, point.y) { left -= 1 }
        var right = point.x
        while right < width - 1, !isBackground(right + 1, point.y) { right += 1 }
        var top = point.y
        while top > 0, !isBackground(point.x, top - 1) { top -= 1 }
        var bottom = point.y
        while bottom < height - 1, !isBackground(point.x, bottom + 1) { bottom += 1 }
        return (left, top, right - left + 1, bottom - top + 1)
    }

    /// The box of rows and columns in which at least `minimum` pixels differ between two
    /// screenshots (a lone cursor cell does not count).
    static func changedBox(_ before: [UInt8], _ after: [UInt8], minimum: Int = 24) -> (
        x: Int, y: Int, width: Int, height: Int
    )? {
        var rows = [Int](repeating: 0, count: height)
        var columns = [Int](repeating: 0, count: width)
        for y in 0..<height {
            for x in 0..<width {
                let o = (y * width + x) * 3
                if before[o] != after[o] || before[o + 1] != after[o + 1] || before[o + 2] != after[o + 2] {
                    rows[y] += 1
                    columns[x] += 1
                }
            }
        }
        guard let top = rows.firstIndex(where: { $0 >= minimum }),
            let bottom = rows.lastIndex(where: { $0 >= minimum }),
            let left = columns.firstIndex(where: { $0 >= minimum }),
            let right = columns.lastIndex(where: { $0 >= minimum })
        else { return nil }
        return (left, top, right - left + 1, bottom - top + 1)
    }

    /// The mean absolute difference per channel between `box` of `screen` and `source` scaled
    /// to the box by ImageMagick.
    func meanError(_ screen: [UInt8], box: (x: Int, y: Int, width: Int, height: Int), source: String) async throws
        -> Double
    {
        let path = folder + "/source.rgb"
        let result = try await StoriesProcess.execute(
            "/usr/bin/convert", [source, "-resize", "\(box.width)x\(box.height)!", "-depth", "8", "rgb:" + path],
            environment: environment)
        guard result.status == 0, let data = FileManager.default.contents(atPath: path) else {
            throw RealTerminalError.failed("convert failed: \(result.stderr)")
        }
        let scaled = Array(data)
        var total = 0
        for y in 0..<box.height {
            for x in 0..<box.width {
                let s = ((box.y + y) * Self.width + box.x + x) * 3
                let o = (y * box.width + x) * 3
                for c in 0..<3 { total += abs(Int(screen[s + c]) - Int(scaled[o + c])) }
            }
        }
        return Double(total) / Double(box.width * box.height * 3)
    }
}
