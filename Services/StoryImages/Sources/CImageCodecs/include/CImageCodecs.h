// A small C shim over libjpeg-turbo and libpng: their errors longjmp back here and come out
// as a return code and a message, so a corrupt file can never end the process. Also the
// resampler's inner loops.
#ifndef CIMAGECODECS_H
#define CIMAGECODECS_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/// One of two parts of a picture's work: `part` is 0 or 1.
typedef void (*cimg_part_work)(void *context, int part);

/// Runs work(context, 0) and work(context, 1), at once where it can, and returns when both are
/// done. The caller owns the threads (StoryImages' `Parallel`: libdispatch's pool); NULL
/// wherever a function takes one means "on the calling thread alone".
typedef void (*cimg_runner)(cimg_part_work work, void *context);

/// Reads a JPEG header. Returns 0 and fills width, height and progressive, or returns -1
/// with a message in err.
int cimg_jpeg_info(const unsigned char *data, size_t size, int *width, int *height, int *progressive,
                   char *err, size_t err_len);

/// Decodes a JPEG to RGB888 at scale scale_num/8 (1...8), done by libjpeg-turbo's scaled IDCT.
/// On success returns 0 and a malloc'd buffer of out_width*out_height*3 bytes (free with
/// cimg_free); on failure returns -1 with a message in err.
/// A progressive JPEG is read only until the coefficients the scale reads are final (at 1/8,
/// its DC scans): the picture is the same as after every scan, and a file damaged or cut past
/// those scans still shows. A large baseline picture (at 3/8 or more, 100 000 pixels or more
/// out) is decoded in two parts that `run` runs at once (none: in one part): the same pixels.
int cimg_jpeg_decode(const unsigned char *data, size_t size, int scale_num, cimg_runner run, unsigned char **out,
                     int *out_width, int *out_height, char *err, size_t err_len);

/// cimg_jpeg_decode into `pixels`, `capacity` bytes the caller owns (no copy out of a buffer of
/// the decoder's): the output is ceil(width * scale_num / 8) x ceil(height * scale_num / 8)
/// pixels of the stored (not EXIF-turned) picture; -1 with a message when it does not fit.
int cimg_jpeg_decode_into(const unsigned char *data, size_t size, int scale_num, cimg_runner run, unsigned char *pixels,
                          size_t capacity, int *out_width, int *out_height, char *err, size_t err_len);

/// cimg_jpeg_decode in one part reading every scan of a progressive JPEG: the reference its
/// early stop and its split are tested against.
int cimg_jpeg_decode_every_scan(const unsigned char *data, size_t size, int scale_num, unsigned char **out,
                                int *out_width, int *out_height, char *err, size_t err_len);

/// Encodes RGB888 pixels as a JPEG at quality 1...100, progressive when asked. Returns 0 and
/// a malloc'd buffer (free with cimg_free), or -1 when libjpeg fails.
int cimg_jpeg_encode(const unsigned char *rgb, int width, int height, int quality, int progressive,
                     unsigned char **out, size_t *out_size);

/// Reads a PNG header. Returns 0 and fills width and height, or -1 with a message in err.
int cimg_png_info(const unsigned char *data, size_t size, int *width, int *height, char *err, size_t err_len);

/// Decodes a PNG to RGB888 (alpha composited over black). Same contract as cimg_jpeg_decode.
int cimg_png_decode(const unsigned char *data, size_t size, unsigned char **out, int *out_width,
                    int *out_height, char *err, size_t err_len);

/// Each float as a byte: not below 0, plus one half, truncated, at most 255 (the resampler's
/// rounding, exactly as `UInt8(min(255, Int(max(0, value) + 0.5)))`).
void cimg_round_floats(const float *in, unsigned char *out, size_t count);

/// The resampler's first pass, across each row: output pixel x of row y is the sum over taps k
/// in bounds[x]..<bounds[x + 1] of source pixel starts[x] + (k - bounds[x]) times weights[k],
/// each channel summed in tap order, one product and one sum at a time in single precision
/// (four lanes at once: the result is bit for bit the one-value-at-a-time sum). `target` holds
/// height × new_width × 3 floats.
void cimg_resample_across(const unsigned char *source, size_t width, size_t height, const ptrdiff_t *starts,
                          const ptrdiff_t *bounds, const float *weights, size_t new_width, float *target);

/// Frees a buffer returned by a decode or compress function.
void cimg_free(unsigned char *buffer);

#ifdef __cplusplus
}
#endif

#endif
