// The terminal's picture encodings in C: kitty's chunked base64 and zlib, the sixel palette
// (median cut), Floyd–Steinberg dithering and sixel bands.
#ifndef CTERMINALGRAPHICS_H
#define CTERMINALGRAPHICS_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/// One of two parts of a picture's work: `part` is 0 or 1.
typedef void (*cterm_part_work)(void *context, int part);

/// Runs work(context, 0) and work(context, 1), at once where it can, and returns when both are
/// done. The caller owns the threads (StoryImages' `Parallel`: libdispatch's pool); NULL
/// wherever a function takes one means "on the calling thread alone".
typedef void (*cterm_runner)(cterm_part_work work, void *context);

/// kitty graphics commands carrying `count` bytes: their base64 in chunks of `chunk` characters
/// (a multiple of 4), each `ESC _ G` + (on the first, `keys` and a comma) + `m=1` (`m=0` on the
/// last) + `;` + the characters + `ESC \`; one chunk for no bytes. `out` holds at least
/// cterm_kitty_chunks_size(count, keys_length, chunk) bytes; returns how many were written.
size_t cterm_kitty_chunks_size(size_t count, size_t keys_length, size_t chunk);
size_t cterm_kitty_chunks(const unsigned char *bytes, size_t count, const char *keys, size_t keys_length, size_t chunk,
                         unsigned char *out);
/// The part of cterm_kitty_chunks' output that carries bytes [from, to): `from` a multiple of the
/// chunk's bytes (chunk / 4 * 3), `to` one too or `count`; at least one chunk. Written range by
/// range, the pieces are cterm_kitty_chunks' output (so it can go out through a small buffer).
size_t cterm_kitty_chunks_range(const unsigned char *bytes, size_t count, size_t from, size_t to, const char *keys,
                               size_t keys_length, size_t chunk, unsigned char *out);

/// Compresses data with zlib (a zlib stream, as kitty's o=z expects) at level 0...9. Returns 0
/// and a malloc'd buffer (free with cterm_free), or -1 when memory runs out.
int cterm_deflate(const unsigned char *data, size_t size, int level, unsigned char **out, size_t *out_size);

/// Inflates a zlib stream into out (out_size: its capacity in, the length out). Returns 0, or
/// -1 when the stream is corrupt or does not fit.
int cterm_inflate(const unsigned char *data, size_t size, unsigned char *out, size_t *out_size);

/// The sixel palette of `count` RGB `pixels`: median cut over a 15-bit histogram (the box with
/// the most pixels split at the median of its widest channel until there are `colors`, 1...256,
/// or no box can be split), each box's colour its pixels' mean, truncated. Writes r g b a colour
/// into `out` (room for max(2, `colors`) × 3 bytes) and returns how many; no pixels give black and white
/// (2). Returns -1 when its tables could not be allocated. A picture of 100 000 pixels or more
/// has its histogram counted in two halves that `run` runs at once (NULL: in turn).
int cterm_sixel_palette(const unsigned char *pixels, size_t count, int colors, cterm_runner run, unsigned char *out);

/// cterm_sixel_palette counting the pixels in slices of at most `most` (1...2^32 / 255, the
/// default) into 32-bit sums: the same palette whatever the slices (for the tests).
int cterm_sixel_palette_in_slices(const unsigned char *pixels, size_t count, int colors, cterm_runner run, unsigned char *out,
                                 size_t most);

/// Floyd–Steinberg dithering of `width × height` RGB `pixels` to `count` (1...256) RGB
/// `palette` colours: each pixel's index into `indexes` (`width × height` bytes), exactly as
/// SixelQuantizer's Swift did (nearest by 3·dr² + 4·dg² + 2·db² of its 15-bit bin's centre,
/// lowest index among equals; errors in 1/16ths, 7 right, 3 below left, 5 below, 1 below
/// right). Returns 0, or -1 when its tables could not be allocated.
int cterm_dither(const unsigned char *pixels, size_t width, size_t height, const unsigned char *palette, int count,
                unsigned char *indexes);

/// A quantised picture's sixel bands (what follows the palette in the DCS): for each band of six
/// rows, each colour used in it in order of first use, `#N`, its span in runs (`!N` from four
/// on), `$` between colours and `-` between bands; pixels whose `opaque` byte is 0 (when
/// `opaque` is not NULL) left out. `indexes` and `opaque` are `width × height` bytes; `colors`
/// is 1...256. Returns a buffer of `*size` bytes to free with cterm_free, or NULL when memory ran
/// out (or for no pixels).
unsigned char *cterm_sixel_bands(const unsigned char *indexes, const unsigned char *opaque, size_t width, size_t height,
                                int colors, size_t *size);

/// A picture's sixel bands from its pixels: cterm_dither, then cterm_sixel_bands, done in two
/// halves that `run` runs at once (NULL: in turn) for a picture of 60 000 pixels or more (24
/// rows or more). The halves
/// meet at a band's edge, so the bands are one pass's; the lower half's dither starts without the
/// error of the row above it. `opaque` as cterm_sixel_bands'. NULL when memory runs out.
unsigned char *cterm_sixel_picture(const unsigned char *pixels, size_t width, size_t height,
                                  const unsigned char *palette, int count, const unsigned char *opaque,
                                  cterm_runner run, size_t *size);

/// Frees a buffer returned by a compress or sixel function.
void cterm_free(unsigned char *buffer);

#ifdef __cplusplus
}
#endif

#endif
