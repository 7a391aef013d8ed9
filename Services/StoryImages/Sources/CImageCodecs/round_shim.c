// The resampler's first pass and its last step in C: bytes to floats across each row four
// lanes at a time with clang's vector types, and floats back to bytes, where the compiler
// vectorises the conversion (Swift's Int(Float) checks each value's range and SIMD's
// conversions between integers and floats are generic). No contraction into fused
// multiply-adds: every product and sum is rounded as Swift rounds it, so pixels are identical.
#include "CImageCodecs.h"

#include <string.h>

#pragma STDC FP_CONTRACT OFF

void cimg_round_floats(const float *restrict in, unsigned char *restrict out, size_t count) {
    for (size_t i = 0; i < count; i++) {
        float value = in[i] < 0.0f ? 0.0f : in[i];
        int rounded = (int)(value + 0.5f);  // truncation: the floor of a value that is not negative
        out[i] = (unsigned char)(rounded > 255 ? 255 : rounded);
    }
}

typedef float v4f __attribute__((ext_vector_type(4)));
typedef unsigned char v4u8 __attribute__((ext_vector_type(4)));

void cimg_resample_across(const unsigned char *source, size_t width, size_t height, const ptrdiff_t *starts,
                          const ptrdiff_t *bounds, const float *weights, size_t new_width, float *target) {
    size_t total = width * height * 3;
    for (size_t y = 0; y < height; y++) {
        const unsigned char *row = source + y * width * 3;
        for (size_t x = 0; x < new_width; x++) {
            float *out = target + (y * new_width + x) * 3;
            const unsigned char *pixel = row + (size_t)starts[x] * 3;
            ptrdiff_t first = bounds[x], end = bounds[x + 1];
            // A tap reads four bytes (its RGB and one more, unused): the last tap's fourth must
            // lie inside the picture, else this pixel is summed one channel at a time.
            if ((size_t)(pixel - source) + (size_t)(end - first) * 3 + 1 <= total) {
                v4f sum = 0;
                for (ptrdiff_t k = first; k < end; k++) {
                    v4u8 bytes;
                    memcpy(&bytes, pixel, 4);
                    sum += __builtin_convertvector(bytes, v4f) * weights[k];
                    pixel += 3;
                }
                out[0] = sum.x;
                out[1] = sum.y;
                out[2] = sum.z;
            } else {
                float r = 0, g = 0, b = 0;
                for (ptrdiff_t k = first; k < end; k++) {
                    r += (float)pixel[0] * weights[k];
                    g += (float)pixel[1] * weights[k];
                    b += (float)pixel[2] * weights[k];
                    pixel += 3;
                }
                out[0] = r;
                out[1] = g;
                out[2] = b;
            }
        }
    }
}
