// Floats to bytes for the resampler's last step, where C's compiler vectorises the conversion
// (Swift's Int(Float) checks each value's range and SIMD's rounding conversion is generic).
#include "CImageCodecs.h"

#pragma STDC FP_CONTRACT OFF

void cimg_round_floats(const float *restrict in, unsigned char *restrict out, size_t count) {
    for (size_t i = 0; i < count; i++) {
        float value = in[i] < 0.0f ? 0.0f : in[i];
        int rounded = (int)(value + 0.5f);  // truncation: the floor of a value that is not negative
        out[i] = (unsigned char)(rounded > 255 ? 255 : rounded);
    }
}
