import Foundation
import StoryBase
import StoryImages
import StoryInterfaces
import StoryModels

/// JPEGs for `/cdn/…`: a bundled sample picked by the id or seed, cropped to fill and scaled
/// to the requested size, encoded progressive (as Picsum serves them); kept for reuse.
actor StubImages {
    private let samples: [URL] = BundledCatalog().photos.map(\.url)
    private let loader = BundledImageLoader()
    private var cache: [String: Data] = [:]
    private var order: [String] = []

    func jpeg(key: String, width: Int, height: Int, grayscale: Bool) async throws -> Data {
        let cacheKey = "\(key)/\(width)/\(height)/\(grayscale)"
        if let cached = cache[cacheKey] { return cached }
        let hash = StableHash.fnv1a(key)
        let source = try await loader.imageData(for: samples[Int(hash % UInt64(samples.count))], priority: .high)
        let image = try ImageDecoder.decode(source)
        // Cover width × height, then crop the centre.
        let scale = max(Double(width) / Double(image.width), Double(height) / Double(image.height))
        let coverWidth = max(width, Int((Double(image.width) * scale).rounded(.up)))
        let coverHeight = max(height, Int((Double(image.height) * scale).rounded(.up)))
        let covered = image.resampled(width: coverWidth, height: coverHeight)
        let left = (coverWidth - width) / 2
        let top = (coverHeight - height) / 2
        var pixels = [UInt8]()
        pixels.reserveCapacity(width * height * 3)
        for row in top..<(top + height) {
            let start = (row * coverWidth + left) * 3
            pixels += covered.pixels[start..<(start + width * 3)]
        }
        if grayscale {
            for offset in stride(from: 0, to: pixels.count, by: 3) {
                let red = 299 * Int(pixels[offset])
                let green = 587 * Int(pixels[offset + 1])
                let blue = 114 * Int(pixels[offset + 2])
                let luma = UInt8((red + green + blue) / 1000)
                pixels[offset] = luma
                pixels[offset + 1] = luma
                pixels[offset + 2] = luma
            }
        }
        guard
            let data = JPEGEncoder.encode(
                RGBImage(width: width, height: height, pixels: pixels), quality: 80, progressive: true)
        else { throw StubError.encoding }
        cache[cacheKey] = data
        order.append(cacheKey)
        if order.count > 64 { cache[order.removeFirst()] = nil }
        return data
    }
}

enum StubError: Error {
    case encoding
}
