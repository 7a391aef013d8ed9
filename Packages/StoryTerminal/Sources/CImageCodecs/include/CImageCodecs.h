// A small C shim over libjpeg-turbo and libpng: their errors longjmp back here and come out
// as a return code and a message, so a corrupt file can never end the process.
#ifndef CIMAGECODECS_H
#define CIMAGECODECS_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/// One of two parts of a picture's work: `part` is 0 or 1.
typedef void (*cimg_part_work)(void *context, int part);

/// Runs work(context, 0) and work(context, 1), at once where it can, and returns when both are
/// done. The caller owns the threads (StoryTerminal's `Parallel`: libdispatch's pool); NULL
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

/// kitty graphics commands carrying `count` bytes: their base64 in chunks of `chunk` characters
/// (a multiple of 4), each `ESC _ G` + (on the first, `keys` and a comma) + `m=1` (`m=0` on the
/// last) + `;` + the characters + `ESC \`; one chunk for no bytes. `out` holds at least
/// cimg_kitty_chunks_size(count, keys_length, chunk) bytes; returns how many were written.
size_t cimg_kitty_chunks_size(size_t count, size_t keys_length, size_t chunk);
size_t cimg_kitty_chunks(const unsigned char *bytes, size_t count, const char *keys, size_t keys_length, size_t chunk,
                         unsigned char *out);
/// The part of cimg_kitty_chunks' output that carries bytes [from, to): `from` a multiple of the
/// chunk's bytes (chunk / 4 * 3), `to` one too or `count`; at least one chunk. Written range by
/// range, the pieces are cimg_kitty_chunks' output (so it can go out through a small buffer).
size_t cimg_kitty_chunks_range(const unsigned char *bytes, size_t count, size_t from, size_t to, const char *keys,
                               size_t keys_length, size_t chunk, unsigned char *out);

/// Compresses data with zlib (a zlib stream, as kitty's o=z expects) at level 0...9. Returns 0
/// and a malloc'd buffer (free with cimg_free), or -1 when memory runs out.
int cimg_deflate(const unsigned char *data, size_t size, int level, unsigned char **out, size_t *out_size);

/// Inflates a zlib stream into out (out_size: its capacity in, the length out). Returns 0, or
/// -1 when the stream is corrupt or does not fit.
int cimg_inflate(const unsigned char *data, size_t size, unsigned char *out, size_t *out_size);

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

/// The sixel palette of `count` RGB `pixels`: median cut over a 15-bit histogram (the box with
/// the most pixels split at the median of its widest channel until there are `colors`, 1...256,
/// or no box can be split), each box's colour its pixels' mean, truncated. Writes r g b a colour
/// into `out` (room for max(2, `colors`) × 3 bytes) and returns how many; no pixels give black and white
/// (2). Returns -1 when its tables could not be allocated. A picture of 100 000 pixels or more
/// has its histogram counted in two halves that `run` runs at once (NULL: in turn).
int cimg_sixel_palette(const unsigned char *pixels, size_t count, int colors, cimg_runner run, unsigned char *out);

/// cimg_sixel_palette counting the pixels in slices of at most `most` (1...2^32 / 255, the
/// default) into 32-bit sums: the same palette whatever the slices (for the tests).
int cimg_sixel_palette_in_slices(const unsigned char *pixels, size_t count, int colors, cimg_runner run, unsigned char *out,
                                 size_t most);

/// Floyd–Steinberg dithering of `width × height` RGB `pixels` to `count` (1...256) RGB
/// `palette` colours: each pixel's index into `indexes` (`width × height` bytes), exactly as
/// SixelQuantizer's Swift did (nearest by 3·dr² + 4·dg² + 2·db² of its 15-bit bin's centre,
/// lowest index among equals; errors in 1/16ths, 7 right, 3 below left, 5 below, 1 below
/// right). Returns 0, or -1 when its tables could not be allocated.
int cimg_dither(const unsigned char *pixels, size_t width, size_t height, const unsigned char *palette, int count,
                unsigned char *indexes);

/// A quantised picture's sixel bands (what follows the palette in the DCS): for each band of six
/// rows, each colour used in it in order of first use, `#N`, its span in runs (`!N` from four
/// on), `$` between colours and `-` between bands; pixels whose `opaque` byte is 0 (when
/// `opaque` is not NULL) left out. `indexes` and `opaque` are `width × height` bytes; `colors`
/// is 1...256. Returns a buffer of `*size` bytes to free with cimg_free, or NULL when memory ran
/// out (or for no pixels).
unsigned char *cimg_sixel_bands(const unsigned char *indexes, const unsigned char *opaque, size_t width, size_t height,
                                int colors, size_t *size);

/// A picture's sixel bands from its pixels: cimg_dither, then cimg_sixel_bands, done in two
/// halves that `run` runs at once (NULL: in turn) for a picture of 60 000 pixels or more (24
/// rows or more). The halves
/// meet at a band's edge, so the bands are one pass's; the lower half's dither starts without the
/// error of the row above it. `opaque` as cimg_sixel_bands'. NULL when memory runs out.
unsigned char *cimg_sixel_picture(const unsigned char *pixels, size_t width, size_t height,
                                  const unsigned char *palette, int count, const unsigned char *opaque,
                                  cimg_runner run, size_t *size);

/// Frees a buffer returned by a decode or compress function.
void cimg_free(unsigned char *buffer);

#ifdef __cplusplus
}
#endif

#endif
