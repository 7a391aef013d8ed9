import FuzzCommon

// libFuzzer entry: the input read as the UsersPages stories document format.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    fuzzDocument(start, count, prefix: "{\"pages\":", suffix: "}")
}
