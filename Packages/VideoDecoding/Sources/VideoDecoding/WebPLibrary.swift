#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// libwebp's animation decoder (`WebPAnimDecoder` of libwebpdemux), opened at run time: FFmpeg
/// 5.1 (Debian 12's) reads a WebP's first picture only, and linking libwebp would make its
/// headers a build requirement for everyone. Debian's `libwebpdemux2` (a dependency of ffmpeg,
/// chromium and ImageMagick) or Homebrew's `webp` provide it; without it a WebP is decoded by
/// FFmpeg as before (its first picture) and ``missing`` says what to install.
///
/// The C structures are written at their offsets (libwebp 0.5 to 1.x, demux ABI 1.x):
/// `WebPAnimDecoderOptions` {color mode, use threads, 7 × padding}, `WebPData` {bytes, size},
/// `WebPAnimInfo` {canvas width, canvas height, loop count, background, frame count, 4 × pad}.
struct WebPLibrary: @unchecked Sendable {
    typealias OptionsInit = @convention(c) (UnsafeMutableRawPointer, Int32) -> Int32
    typealias New = @convention(c) (UnsafeRawPointer, UnsafeRawPointer, Int32) -> OpaquePointer?
    typealias GetInfo = @convention(c) (OpaquePointer, UnsafeMutableRawPointer) -> Int32
    typealias HasMoreFrames = @convention(c) (OpaquePointer) -> Int32
    typealias GetNext =
        @convention(c) (OpaquePointer, UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>, UnsafeMutablePointer<Int32>)
        -> Int32
    typealias Reset = @convention(c) (OpaquePointer) -> Void
    typealias Delete = @convention(c) (OpaquePointer) -> Void

    let optionsInit: OptionsInit
    let new: New
    let getInfo: GetInfo
    let hasMoreFrames: HasMoreFrames
    let getNext: GetNext
    let reset: Reset
    let delete: Delete

    /// `WEBP_DEMUX_ABI_VERSION` of libwebp 1.x (the library checks the major byte only).
    static let abiVersion: Int32 = 0x0107
    /// `MODE_rgbA`: RGBA with the colours premultiplied by alpha, so dropping alpha lays a
    /// transparent animation on black.
    static let premultipliedRGBA: Int32 = 7

    /// The library, or nil when this machine has none.
    static let shared: WebPLibrary? = load()

    /// What to install when ``shared`` is nil.
    static var missing: String {
        #if os(macOS)
            "animated WebP needs libwebp (brew install webp)"
        #else
            "animated WebP needs libwebpdemux (apt-get install libwebpdemux2)"
        #endif
    }

    /// The names tried, in order.
    static var names: [String] {
        #if os(macOS)
            ["libwebpdemux.2.dylib", "/opt/homebrew/lib/libwebpdemux.2.dylib", "/usr/local/lib/libwebpdemux.2.dylib"]
        #else
            ["libwebpdemux.so.2", "libwebpdemux.so"]
        #endif
    }

    private static func load() -> WebPLibrary? {
        #if os(Windows)
            return nil
        #else
            for name in names {
                guard let handle = dlopen(name, RTLD_NOW | RTLD_LOCAL) else { continue }
                func symbol<T>(_ name: String, as _: T.Type) -> T? {
                    dlsym(handle, name).map { unsafeBitCast($0, to: T.self) }
                }
                guard let optionsInit = symbol("WebPAnimDecoderOptionsInitInternal", as: OptionsInit.self),
                    let new = symbol("WebPAnimDecoderNewInternal", as: New.self),
                    let getInfo = symbol("WebPAnimDecoderGetInfo", as: GetInfo.self),
                    let hasMoreFrames = symbol("WebPAnimDecoderHasMoreFrames", as: HasMoreFrames.self),
                    let getNext = symbol("WebPAnimDecoderGetNext", as: GetNext.self),
                    let reset = symbol("WebPAnimDecoderReset", as: Reset.self),
                    let delete = symbol("WebPAnimDecoderDelete", as: Delete.self)
                else {
                    dlclose(handle)
                    continue
                }
                // Kept open for the process's life: the functions are used until it ends.
                return WebPLibrary(
                    optionsInit: optionsInit, new: new, getInfo: getInfo, hasMoreFrames: hasMoreFrames,
                    getNext: getNext, reset: reset, delete: delete)
            }
            return nil
        #endif
    }
}
