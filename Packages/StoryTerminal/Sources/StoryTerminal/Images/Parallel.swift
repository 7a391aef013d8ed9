import CImageCodecs

/// Two halves of a picture's work at once (`cimg_two_parts`: one on a thread of its own, one on
/// the caller's), for the passes whose rows are independent. The caller's thread waits for both:
/// it is not for the cooperative pool's threads in a long-running loop, only for a picture's
/// few milliseconds.
enum Parallel {
    /// Calls `body(0)` and `body(1)` at once and returns when both have.
    static func twoParts(_ body: (Int) -> Void) {
        withoutActuallyEscaping(body) { body in
            var work = body
            withUnsafeMutablePointer(to: &work) { pointer in
                cimg_two_parts(
                    { context, part in
                        context!.assumingMemoryBound(to: ((Int) -> Void).self).pointee(Int(part))
                    }, pointer)
            }
        }
    }
}
