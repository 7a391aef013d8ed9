// The sixel quantiser's dithering in C: the same Floyd–Steinberg pass, nearest-colour table
// and distance as the Swift it replaced (SixelQuantizer.dither), integer for integer (the
// distances in floats hold whole numbers exactly), so the indexes are identical
// (SixelDitherTests). A pixel's three channels and their errors are one
// vector of clang's (as the resampler's pass is): the loop went from 148 instructions a pixel
// in Swift to 66, the whole pass for a 450×800 photograph from 53.4 M to 40.1 M.
#include "CTerminalGraphics.h"

#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef float v8f __attribute__((ext_vector_type(8)));
typedef int32_t v8i __attribute__((ext_vector_type(8)));

/// The palette channel by channel as floats (every sum below is an integer under 2²⁴, so
/// exact), padded to a multiple of eight with colours no pixel is near.
typedef struct {
    int padded;
    float r[256], g[256], b[256];
} Palette;

/// The palette index nearest (r, g, b) by 3·dr² + 4·dg² + 2·db², the lowest index among
/// equals: every colour measured, eight at a time (each lane keeps its first best, then the
/// lanes are compared). Once per bin looked up (about 10 000 times for a 450×800 photograph);
/// with AVX2 where the processor has it (an ifunc: Linux on x86-64 only). It replaced a search outwards from the nearest green
/// in the palette sorted by green (62 colours measured a call on average, with a branch each):
/// the dither of that photograph 3.6 → 2.3 ms on one thread. (Lists of candidates per block of
/// the cube, as libjpeg's jquant2 keeps, were slower than that search at 64, 32 and 16 levels
/// a side.)
#if defined(__linux__) && defined(__x86_64__)
#define NEAREST_CLONES __attribute__((target_clones("avx2", "default")))
#else
#define NEAREST_CLONES
#endif
NEAREST_CLONES static int nearest(int r, int g, int b, const Palette *palette) {
    const v8f vr = (float)r, vg = (float)g, vb = (float)b;
    v8f best = 1e30f;
    v8i best_index = 0, index = {0, 1, 2, 3, 4, 5, 6, 7};
    for (int i = 0; i < palette->padded; i += 8) {
        v8f dr, dg, db;
        memcpy(&dr, palette->r + i, sizeof dr);
        memcpy(&dg, palette->g + i, sizeof dg);
        memcpy(&db, palette->b + i, sizeof db);
        dr -= vr;
        dg -= vg;
        db -= vb;
        v8f distance = dr * dr * 3.0f + dg * dg * 4.0f + db * db * 2.0f;
        v8i closer = distance < best;
        best = closer ? distance : best;
        best_index = closer ? index : best_index;
        index += 8;
    }
    int chosen = best_index[0];
    float least = best[0];
    for (int lane = 1; lane < 8; lane++) {
        if (best[lane] < least || (best[lane] == least && best_index[lane] < chosen)) {
            least = best[lane];
            chosen = best_index[lane];
        }
    }
    return chosen;
}

typedef int32_t v4i __attribute__((ext_vector_type(4)));

// The dither with its nearest-colour table given (32 768 entries, -1 where not looked up
// yet), which two threads may share: an entry is only ever the one index its bin's centre
// gives, so each reads and writes it whole (relaxed atomics) and a race at worst looks a bin
// up twice. The halves of a sixel picture share one: each bin's search made once, not once a
// half.
static int dither_with_table(const unsigned char *pixels, size_t width, size_t height, const unsigned char *palette,
                             int count, unsigned char *indexes, int16_t *table);

int cterm_dither(const unsigned char *pixels, size_t width, size_t height, const unsigned char *palette, int count,
                unsigned char *indexes) {
    if (count <= 0 || count > 256 || width == 0 || height == 0) return 0;
    int16_t *table = malloc(sizeof(int16_t) << 15);
    if (table == NULL) return -1;
    memset(table, 0xFF, sizeof(int16_t) << 15);  // -1: not looked up yet
    int status = dither_with_table(pixels, width, height, palette, count, indexes, table);
    free(table);
    return status;
}

// Its callers have checked the palette (1 to 256 colours) and that there are pixels.
static int dither_with_table(const unsigned char *pixels, size_t width, size_t height, const unsigned char *palette,
                             int count, unsigned char *indexes, int16_t *table) {
    v4i colors[256];
    Palette channels;
    channels.padded = (count + 7) / 8 * 8;
    for (int i = 0; i < channels.padded; i++) {
        channels.r[i] = i < count ? palette[i * 3] : 1e6f;
        channels.g[i] = i < count ? palette[i * 3 + 1] : 1e6f;
        channels.b[i] = i < count ? palette[i * 3 + 2] : 1e6f;
        if (i < count) colors[i] = (v4i){palette[i * 3], palette[i * 3 + 1], palette[i * 3 + 2], 0};
    }
    // Errors in 1/16ths, a pixel's three channels (and a spare lane) as one vector, a pixel
    // of margin each side: a row for each of a group's `LANES` rows and one for the row after.
    // The rows of a group are dithered together, each `LAG` pixels behind the one above it
    // (all that a pixel takes from the row above is there by then: the errors of the pixels
    // above-left, above and above-right). Each row's pixels still depend one on the next (the
    // error to the right, through the nearest-colour lookup), but the rows do not depend on
    // one another at a step, so the processor works on four such chains at once instead of
    // waiting on one: the same sums, added in another order, so the same indexes.
    enum { LANES = 4, LAG = 2 };
    size_t row_length = width + 2;
    v4i *errors = calloc(row_length * (LANES + 1), sizeof(v4i));
    if (errors == NULL) return -1;
    v4i *rows[LANES + 1];
    for (int k = 0; k <= LANES; k++) rows[k] = errors + row_length * (size_t)k;
    const v4i zero = 0, top = 255;
    for (size_t y = 0; y < height; y += LANES) {
        size_t lanes = height - y < LANES ? height - y : LANES;
        size_t steps = width + LAG * (lanes - 1);
        for (size_t step = 0; step < steps; step++) {
            for (size_t k = 0; k < lanes; k++) {
                if (step < LAG * k) break;  // this row and those below have not started
                size_t x = step - LAG * k;
                if (x >= width) continue;  // this row is done; those below are not
                const unsigned char *source = pixels + ((y + k) * width + x) * 3;
                v4i *current = rows[k], *next = rows[k + 1];
                v4i pixel = {source[0], source[1], source[2], 0};
                // C's division truncates towards zero, as Swift's does.
                v4i value = pixel + current[x + 1] / 16;
                value = value < zero ? zero : value;
                value = value > top ? top : value;
                int r = value.x, g = value.y, b = value.z;
                int key = (r >> 3) << 10 | (g >> 3) << 5 | (b >> 3);
                int index = __atomic_load_n(&table[key], __ATOMIC_RELAXED);
                if (index < 0) {
                    // The bin's centre's nearest colour, found once per bin.
                    index = nearest((r & ~7) + 4, (g & ~7) + 4, (b & ~7) + 4, &channels);
                    __atomic_store_n(&table[key], (int16_t)index, __ATOMIC_RELAXED);
                }
                indexes[(y + k) * width + x] = (unsigned char)index;
                v4i error = value - colors[index];
                current[x + 2] += error * 7;
                next[x] += error * 3;
                next[x + 1] += error * 5;
                next[x + 2] += error;
            }
        }
        // The row after the group carries its errors into the next group's first row.
        v4i *carried = rows[lanes];
        rows[lanes] = rows[0];
        rows[0] = carried;
        for (int k = 1; k <= LANES; k++) memset(rows[k], 0, row_length * sizeof(v4i));
    }
    free(errors);
    return 0;
}

// The sixel bands, the encoder's inner part in C for the same reason: Swift's appends checked
// the array's uniqueness and capacity for every byte written.

typedef struct {
    unsigned char *bytes;
    size_t count, capacity;
    int failed;
} Output;

static void reserve(Output *out, size_t more) {
    if (out->failed || out->count + more <= out->capacity) return;
    size_t capacity = out->capacity * 2 > out->count + more ? out->capacity * 2 : out->count + more + 4096;
    unsigned char *bytes = realloc(out->bytes, capacity);
    if (bytes == NULL) {
        out->failed = 1;
        return;
    }
    out->bytes = bytes;
    out->capacity = capacity;
}

static inline void put_number(Output *out, long value) {
    char digits[24];
    int n = 0;
    do {
        digits[n++] = (char)('0' + value % 10);
        value /= 10;
    } while (value > 0);
    while (n > 0) out->bytes[out->count++] = (unsigned char)digits[--n];
}

/// `count` sixels `character`: "!N" and the character from four on, else each one (room for
/// 24 bytes reserved by the caller).
static inline void put_run(Output *out, long count, unsigned char character) {
    if (count > 3) {
        out->bytes[out->count++] = '!';
        put_number(out, count);
        out->bytes[out->count++] = character;
    } else {
        for (long i = 0; i < count; i++) out->bytes[out->count++] = character;
    }
}

unsigned char *cterm_sixel_bands(const unsigned char *indexes, const unsigned char *opaque, size_t width, size_t height,
                                int colors, size_t *size) {
    Output out = {NULL, 0, 0, 0};
    *size = 0;
    if (colors <= 0 || colors > 256 || width == 0 || height == 0) return NULL;
    unsigned char *bits = calloc((size_t)colors * width, 1);
    long first[256], last[256];
    int used[256];
    for (int c = 0; c < colors; c++) {
        first[c] = LONG_MAX;
        last[c] = -1;
    }
    reserve(&out, width * height / 2 + 4096);
    if (bits == NULL || out.failed) {
        free(bits);
        free(out.bytes);
        return NULL;
    }
    for (size_t top = 0; top < height; top += 6) {
        int used_count = 0;
        size_t rows = height - top < 6 ? height - top : 6;
        for (size_t k = 0; k < rows; k++) {
            const unsigned char *row = indexes + (top + k) * width;
            const unsigned char *mask = opaque ? opaque + (top + k) * width : NULL;
            unsigned char bit = (unsigned char)(1u << k);
            for (size_t x = 0; x < width; x++) {
                if (mask && !mask[x]) continue;
                int color = row[x];
                if (color >= colors) continue;
                if (last[color] < 0) used[used_count++] = color;
                if ((long)x < first[color]) first[color] = (long)x;
                if ((long)x > last[color]) last[color] = (long)x;
                bits[(size_t)color * width + x] |= bit;
            }
        }
        for (int position = 0; position < used_count; position++) {
            int color = used[position];
            unsigned char *base = bits + (size_t)color * width;
            long end = last[color] + 1;
            // The colour, the empty sixels before its span, the span in runs, and a `$` back:
            // at most 6 + 24 + 24 a run + 1 bytes.
            reserve(&out, 64 + (size_t)(end - first[color]) * 24);
            if (out.failed) break;
            out.bytes[out.count++] = '#';
            put_number(&out, color);
            put_run(&out, first[color], 63);
            long x = first[color];
            // Each byte cleared as it is read, for the next band (a call to memset per colour
            // and band cost more than the clearing).
            while (x < end) {
                unsigned char value = base[x];
                base[x] = 0;
                long run = 1;
                if (value == 0) {
                    // Empty sixels, most of a dithered colour's span: eight at a time (all
                    // zero already, nothing to clear).
                    uint64_t word;
                    while (x + run + 8 <= end && (memcpy(&word, base + x + run, 8), word == 0)) run += 8;
                }
                while (x + run < end && base[x + run] == value) base[x + run++] = 0;
                put_run(&out, run, (unsigned char)(63 + value));
                x += run;
            }
            first[color] = LONG_MAX;
            last[color] = -1;
            // `$` back to the band's start for the next colour; the last ends the band.
            if (position < used_count - 1) out.bytes[out.count++] = '$';
        }
        reserve(&out, 1);
        if (out.failed) break;
        if (top + 6 < height) out.bytes[out.count++] = '-';
    }
    free(bits);
    if (out.failed) {
        free(out.bytes);
        return NULL;
    }
    *size = out.count;
    return out.bytes;
}

// A picture's dither and bands in two halves on two threads: the halves meet at a band's edge,
// so the bands are what one pass over the whole would write; the dither starts afresh in the
// lower half (its first row carries no error from the row above: a restart no eye finds).
struct half {
    const unsigned char *pixels;
    size_t width, rows;
    const unsigned char *palette;
    int count;
    const unsigned char *opaque;
    unsigned char *indexes;
    int16_t *table;  // the nearest-colour table both halves share
    unsigned char *bands;
    size_t size;
};

static void dither_and_band(void *halves, int which) {
    struct half *half = (struct half *)halves + which;
    // Out of memory for the dither: every pixel the palette's first colour.
    if (dither_with_table(half->pixels, half->width, half->rows, half->palette, half->count, half->indexes,
                          half->table) != 0)
        memset(half->indexes, 0, half->width * half->rows);
    half->bands = cterm_sixel_bands(half->indexes, half->opaque, half->width, half->rows, half->count, &half->size);
}

unsigned char *cterm_sixel_picture(const unsigned char *pixels, size_t width, size_t height,
                                  const unsigned char *palette, int count, const unsigned char *opaque,
                                  cterm_runner run, size_t *size) {
    *size = 0;
    if (count <= 0 || count > 256 || width == 0 || height == 0) return NULL;
    unsigned char *indexes = malloc(width * height);
    int16_t *table = malloc(sizeof(int16_t) << 15);
    if (!indexes || !table) {
        free(indexes);
        free(table);
        return NULL;
    }
    memset(table, 0xFF, sizeof(int16_t) << 15);  // -1: not looked up yet
    // Split where both halves have work enough to pay for a thread (~50 us): 60 000 pixels.
    size_t split = run && width * height >= 60000 && height >= 24 ? height / 2 / 6 * 6 : height;
    struct half halves[2] = {
        {pixels, width, split, palette, count, opaque, indexes, table, NULL, 0},
        {pixels + split * width * 3, width, height - split, palette, count, opaque ? opaque + split * width : NULL,
         indexes + split * width, table, NULL, 0},
    };
    struct half *top = &halves[0], *bottom = &halves[1];
    if (split < height)
        run(dither_and_band, halves);
    else
        dither_and_band(halves, 0);
    free(indexes);
    free(table);
    if (!top->bands || (split < height && !bottom->bands)) {
        free(top->bands);
        free(bottom->bands);
        return NULL;
    }
    if (split == height) {
        *size = top->size;
        return top->bands;
    }
    unsigned char *joined = realloc(top->bands, top->size + 1 + bottom->size);
    if (!joined) {
        free(top->bands);
        free(bottom->bands);
        return NULL;
    }
    joined[top->size] = '-';
    memcpy(joined + top->size + 1, bottom->bands, bottom->size);
    free(bottom->bands);
    *size = top->size + 1 + bottom->size;
    return joined;
}
