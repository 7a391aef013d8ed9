// The sixel quantiser's palette in C: the same median cut as the Swift it replaced
// (SixelQuantizer.palette, kept as SixelReference.palette for the tests), integer for integer,
// so the palette is identical (SixelPaletteTests). It was serial and on every sixel picture's
// path between the resampler and the dither: 15.4 M instructions of a 450×800 photograph, of
// which the histogram was 8.3 M (23 a pixel, into a 1 MiB table of four 64-bit sums a bin).
// Here the bins are 32-bit (512 KiB; a picture is counted in slices of at most 2^32 / 255
// pixels, each slice's sums added into 64-bit totals), the bins with pixels are listed once, and
// a box is a range of one array of positions in that list, sorted and split in place.
#include "CTerminalGraphics.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define BINS (1 << 15)

typedef struct {
    uint32_t count, r, g, b;
} Bin32;

typedef struct {
    uint64_t count, r, g, b;
} Bin64;

// A bin with pixels: its sums and its key.
typedef struct {
    uint64_t count, r, g, b;
    int key;
} Filled;

typedef struct {
    int start, end;   // order[start..<end]
    uint64_t weight;  // its pixels
} Box;

// Every bin of `from` with pixels added into the same bin of `to` (arrays of BINS Bin32 or Bin64).
#define ADD_BINS(to, from)                          \
    for (int key_ = 0; key_ < BINS; key_++) {       \
        if (!(from)[key_].count) continue;          \
        (to)[key_].count += (from)[key_].count;     \
        (to)[key_].r += (from)[key_].r;             \
        (to)[key_].g += (from)[key_].g;             \
        (to)[key_].b += (from)[key_].b;             \
    }

static inline int channel_of(int key, int c) { return (key >> (10 - 5 * c)) & 31; }

// The bins of `count` pixels added into `bins`, a slice small enough that no 32-bit sum wraps.
// The channels are read into locals first: a store into a bin may alias the pixels' bytes (char
// aliases everything), and the compiler read each channel again after every store.
static void count_slice(const unsigned char *pixels, size_t count, Bin32 *bins) {
    for (size_t i = 0; i < count; i++) {
        const unsigned char *p = pixels + i * 3;
        uint32_t r = p[0], g = p[1], b = p[2];
        Bin32 *bin = bins + ((r >> 3) << 10 | (g >> 3) << 5 | (b >> 3));
        bin->count += 1;
        bin->r += r;
        bin->g += g;
        bin->b += b;
    }
}

// A half of a one-slice picture's pixels, counted into bins of its own.
struct counted_half {
    const unsigned char *pixels;
    size_t count;
    Bin32 *bins;
};

static void count_half(void *halves, int which) {
    struct counted_half *half = (struct counted_half *)halves + which;
    count_slice(half->pixels, half->count, half->bins);
}

// One slice's bins (count <= 2^32 / 255 pixels, so no sum of the whole slice wraps): a picture of
// 100 000 pixels or more in two halves at once (the count is most of the palette's time, ~0.6 of
// 1 ms for 450×800), the second half's bins added into the first's; the sums are the same.
static void count_one_slice(const unsigned char *pixels, size_t count, cterm_runner run, Bin32 *bins) {
    Bin32 *other = run && count >= 100000 ? calloc(BINS, sizeof *other) : NULL;
    if (!other) {
        count_slice(pixels, count, bins);
        return;
    }
    struct counted_half halves[2] = {{pixels, count / 2, bins}, {pixels + count / 2 * 3, count - count / 2, other}};
    run(count_half, halves);
    ADD_BINS(bins, other);
    free(other);
}

int cterm_sixel_palette(const unsigned char *pixels, size_t count, int colors, cterm_runner run, unsigned char *out) {
    return cterm_sixel_palette_in_slices(pixels, count, colors, run, out, UINT32_MAX / 255);
}

int cterm_sixel_palette_in_slices(const unsigned char *pixels, size_t count, int colors, cterm_runner run, unsigned char *out,
                                 size_t most) {
    if (colors < 1) colors = 1;
    if (colors > 256) colors = 256;
    if (most < 1 || most > UINT32_MAX / 255) most = UINT32_MAX / 255;
    Bin32 *slice = calloc(BINS, sizeof *slice);
    // 64-bit totals by bin only for a picture of more than one slice (16.8 M pixels).
    Bin64 *totals = count > most ? calloc(BINS, sizeof *totals) : NULL;
    Filled *bins = malloc(BINS * sizeof *bins);
    int *order = malloc(BINS * sizeof *order);
    int *scratch = malloc(BINS * sizeof *scratch);
    Box *boxes = malloc(256 * sizeof *boxes);
    if (!slice || (count > most && !totals) || !bins || !order || !scratch || !boxes) {
        free(slice), free(totals), free(bins), free(order), free(scratch), free(boxes);
        return -1;
    }
    for (size_t done = 0; done < count;) {
        size_t n = count - done < most ? count - done : most;
        if (n == count)
            count_one_slice(pixels, n, run, slice);
        else
            count_slice(pixels + done * 3, n, slice);
        done += n;
        if (!totals) continue;
        ADD_BINS(totals, slice);
        memset(slice, 0, BINS * sizeof *slice);
    }
    // The bins with pixels, in the order of their keys; boxes hold positions in this list.
    int filled = 0;
    uint64_t total = 0;
    for (int key = 0; key < BINS; key++) {
        Filled bin;
        if (totals) {
            if (!totals[key].count) continue;
            bin = (Filled){totals[key].count, totals[key].r, totals[key].g, totals[key].b, key};
        } else {
            if (!slice[key].count) continue;
            bin = (Filled){slice[key].count, slice[key].r, slice[key].g, slice[key].b, key};
        }
        order[filled] = filled;
        bins[filled++] = bin;
        total += bin.count;
    }
    free(slice), free(totals);
    int made;
    if (filled == 0) {
        const unsigned char fallback[6] = {0, 0, 0, 255, 255, 255};
        memcpy(out, fallback, sizeof fallback);
        made = 2;
    } else {
        boxes[0] = (Box){0, filled, total};
        made = 1;
        while (made < colors) {
            // The box with the most pixels that can still be split (the first of equals).
            int chosen = -1;
            uint64_t chosen_weight = 0;
            for (int i = 0; i < made; i++) {
                if (boxes[i].end - boxes[i].start > 1 && boxes[i].weight > chosen_weight) {
                    chosen = i;
                    chosen_weight = boxes[i].weight;
                }
            }
            if (chosen < 0) break;
            Box box = boxes[chosen];
            // Its widest channel (the first of equals).
            int low[3] = {31, 31, 31}, high[3] = {0, 0, 0};
            for (int i = box.start; i < box.end; i++) {
                for (int c = 0; c < 3; c++) {
                    int value = channel_of(bins[order[i]].key, c);
                    if (value < low[c]) low[c] = value;
                    if (value > high[c]) high[c] = value;
                }
            }
            int c = 0, range = -1;
            for (int k = 0; k < 3; k++) {
                if (high[k] - low[k] > range) {
                    c = k;
                    range = high[k] - low[k];
                }
            }
            // A stable counting sort of the box's bins by that channel.
            int starts[33] = {0};
            for (int i = box.start; i < box.end; i++) starts[channel_of(bins[order[i]].key, c) + 1] += 1;
            for (int v = 1; v <= 32; v++) starts[v] += starts[v - 1];
            for (int i = box.start; i < box.end; i++) {
                int v = channel_of(bins[order[i]].key, c);
                scratch[starts[v]++] = order[i];
            }
            int size = box.end - box.start;
            memcpy(order + box.start, scratch, (size_t)size * sizeof *order);
            // Cut where the running count first reaches half the box's pixels.
            uint64_t running = 0;
            int cut = 1;
            for (int i = 0; i < size; i++) {
                running += bins[order[box.start + i]].count;
                if (running * 2 >= chosen_weight) {
                    cut = i + 1;
                    if (cut > size - 1) cut = size - 1;
                    break;
                }
            }
            uint64_t lower = 0;
            for (int i = box.start; i < box.start + cut; i++) lower += bins[order[i]].count;
            boxes[chosen] = (Box){box.start, box.start + cut, lower};
            boxes[made++] = (Box){box.start + cut, box.end, chosen_weight - lower};
        }
        // Each box's colour: its pixels' mean, truncated.
        for (int i = 0; i < made; i++) {
            uint64_t n = 0, r = 0, g = 0, b = 0;
            for (int k = boxes[i].start; k < boxes[i].end; k++) {
                const Filled *bin = bins + order[k];
                n += bin->count, r += bin->r, g += bin->g, b += bin->b;
            }
            if (!n) n = 1;
            out[i * 3] = (unsigned char)(r / n);
            out[i * 3 + 1] = (unsigned char)(g / n);
            out[i * 3 + 2] = (unsigned char)(b / n);
        }
    }
    free(bins), free(order), free(scratch), free(boxes);
    return made;
}
