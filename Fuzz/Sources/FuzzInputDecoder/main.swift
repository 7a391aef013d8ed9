import StoryTerminal

// libFuzzer entry: key and mouse input bytes, fed in two reads split at the first byte's
// value, must decode to events without crashing, and a flush must leave nothing waiting.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: start.assumingMemoryBound(to: UInt8.self), count: count))
    var decoder = InputDecoder()
    let split = bytes.isEmpty ? 0 : Int(bytes[0]) % (bytes.count + 1)
    _ = decoder.feed(bytes[..<split])
    _ = decoder.feed(bytes[split...])
    _ = decoder.flush()
    precondition(!decoder.isWaiting, "a flush leaves nothing waiting")
    return 0
}
