#include "CImageCodecs.h"

#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>
#include <jerror.h>

struct shim_error {
    struct jpeg_error_mgr base;
    jmp_buf jump;
    char message[JMSG_LENGTH_MAX];
};

static void shim_error_exit(j_common_ptr cinfo) {
    struct shim_error *error = (struct shim_error *)cinfo->err;
    (*cinfo->err->format_message)(cinfo, error->message);
    longjmp(error->jump, 1);
}

static void shim_silent(j_common_ptr cinfo) { (void)cinfo; }
// Warnings are silent, and only the end of the data coming too soon is counted: libjpeg then
// decodes the rest gray, while its other warnings (stray bytes before a marker, common in
// cameras' files) leave the picture whole.
static void shim_silent_level(j_common_ptr cinfo, int level) {
    if (level < 0 && cinfo->err->msg_code == JWRN_JPEG_EOF) cinfo->err->num_warnings++;
}

static void copy_message(char *err, size_t err_len, const char *message) {
    if (err && err_len > 0) {
        strncpy(err, message, err_len - 1);
        err[err_len - 1] = '\0';
    }
}

static void setup(struct jpeg_decompress_struct *cinfo, struct shim_error *error) {
    cinfo->err = jpeg_std_error(&error->base);
    error->base.error_exit = shim_error_exit;
    error->base.output_message = shim_silent;
    error->base.emit_message = shim_silent_level;
    error->message[0] = '\0';
}

// Whether libjpeg-turbo's inverse DCT at `scale`/8 reads this natural-order coefficient
// (row `v`, column `u`): the 1x1 DC only; the 2x2 and 4x4 reduced transforms (jidctred.c)
// skip the even rows and columns, and row and column 4; the N x N ones the first N.
static int scale_reads(int scale, int u, int v) {
    switch (scale) {
    case 1: return u == 0 && v == 0;
    case 2: return (u == 0 || u % 2 == 1) && (v == 0 || v % 2 == 1);
    case 4: return u != 4 && v != 4;
    case 8: return 1;
    default: return u < scale && v < scale;
    }
}

// libjpeg's zigzag order: the natural-order index of each zigzag position (coef_bits is kept in
// zigzag positions, as scans name their spectral ranges).
static const int zigzag_natural[64] = {
    0,  1,  8,  16, 9,  2,  3,  10, 17, 24, 32, 25, 18, 11, 4,  5,  12, 19, 26, 33, 40, 48,
    41, 34, 27, 20, 13, 6,  7,  14, 21, 28, 35, 42, 49, 56, 57, 50, 43, 36, 29, 22, 15, 23,
    30, 37, 44, 51, 58, 59, 52, 45, 38, 31, 39, 46, 53, 60, 61, 54, 47, 55, 62, 63};

// Whether every coefficient each component's inverse DCT reads is final (successive
// approximation at bit 0), so the later scans cannot change the picture. Each component has its
// own scale: libjpeg-turbo widens a subsampled chroma component's transform (2x2 at 1/8) rather
// than upsample it.
static int scale_coefficients_final(struct jpeg_decompress_struct *cinfo) {
    if (!cinfo->coef_bits) return 0;
    for (int component = 0; component < cinfo->num_components; component++) {
        int scale = cinfo->comp_info[component].DCT_scaled_size;
        for (int zigzag = 0; zigzag < 64; zigzag++) {
            int natural = zigzag_natural[zigzag];
            if (scale_reads(scale, natural % 8, natural / 8) && cinfo->coef_bits[component][zigzag] != 0) return 0;
        }
    }
    return 1;
}

int cimg_jpeg_info(const unsigned char *data, size_t size, int *width, int *height, int *progressive,
                   char *err, size_t err_len) {
    struct jpeg_decompress_struct cinfo;
    struct shim_error error;
    setup(&cinfo, &error);
    if (setjmp(error.jump)) {
        copy_message(err, err_len, error.message);
        jpeg_destroy_decompress(&cinfo);
        return -1;
    }
    jpeg_create_decompress(&cinfo);
    jpeg_mem_src(&cinfo, data, (unsigned long)size);
    jpeg_read_header(&cinfo, TRUE);
    *width = (int)cinfo.image_width;
    *height = (int)cinfo.image_height;
    *progressive = jpeg_has_multiple_scans(&cinfo) ? 1 : 0;
    jpeg_destroy_decompress(&cinfo);
    return 0;
}

// The decode's parameters, the same in every decompressor of a picture.
static void configure(struct jpeg_decompress_struct *cinfo, int scale_num) {
    cinfo->out_color_space = JCS_RGB;
    cinfo->scale_num = (unsigned int)(scale_num < 1 ? 1 : (scale_num > 8 ? 8 : scale_num));
    cinfo->scale_denom = 8;
    cinfo->dct_method = JDCT_IFAST;
    cinfo->do_fancy_upsampling = FALSE;
}

// Reads rows [first, last) of the output into buffer (the whole picture's rows, `stride` apart),
// several rows a call (the decoder's own row group, so nothing is copied through a spare row).
static void read_rows(struct jpeg_decompress_struct *cinfo, unsigned char *buffer, size_t stride, JDIMENSION last) {
    JSAMPROW rows[16];
    while (cinfo->output_scanline < last) {
        JDIMENSION want = last - cinfo->output_scanline;
        if (want > 16) want = 16;
        for (JDIMENSION i = 0; i < want; i++) rows[i] = buffer + stride * (cinfo->output_scanline + i);
        jpeg_read_scanlines(cinfo, rows, want);
    }
}

// One part of a baseline picture split in two: rows [first, last). The lower part still
// entropy-decodes the rows above it (a baseline scan's Huffman codes are one stream without
// restart points we could trust), but skips their inverse DCT, upsampling and colour conversion
// (jpeg_skip_scanlines).
struct part {
    const unsigned char *data;
    size_t size;
    int scale_num;
    unsigned char *buffer;
    size_t stride;
    JDIMENSION first, last, width, height;
    int failed, cut, done;
    char message[JMSG_LENGTH_MAX];
};

static void decode_part(struct part *part) {
    struct jpeg_decompress_struct cinfo;
    struct shim_error error;
    setup(&cinfo, &error);
    if (setjmp(error.jump)) {
        memcpy(part->message, error.message, sizeof part->message);
        part->failed = 1;
        jpeg_destroy_decompress(&cinfo);
        return;
    }
    jpeg_create_decompress(&cinfo);
    jpeg_mem_src(&cinfo, part->data, (unsigned long)part->size);
    jpeg_read_header(&cinfo, TRUE);
    configure(&cinfo, part->scale_num);
    jpeg_start_decompress(&cinfo);
    if (cinfo.output_width != part->width || cinfo.output_height != part->height) {
        strcpy(part->message, "the picture's size changed between two reads");
        part->failed = 1;
        jpeg_destroy_decompress(&cinfo);
        return;
    }
    if (part->first > 0) jpeg_skip_scanlines(&cinfo, part->first);
    read_rows(&cinfo, part->buffer, part->stride, part->last);
    part->cut = error.base.num_warnings > 0;
    part->done = cinfo.output_scanline == part->last;
    if (!part->cut && part->last == cinfo.output_height) jpeg_finish_decompress(&cinfo);
    jpeg_destroy_decompress(&cinfo);
}

static void decode_one_of_two(void *parts, int which) { decode_part((struct part *)parts + which); }

// Whether a picture is decoded in two parts: a baseline one whose output is large enough that
// the inverse DCT and colour conversion (what the split shares) outweigh handing a part to the
// pool (the caller gives none where a second core would not take it). Below 3/8 the entropy decoding, which both
// parts do, is most of the work.
static int splits(const struct jpeg_decompress_struct *cinfo, cimg_runner run) {
    return run != NULL && !jpeg_has_multiple_scans((j_decompress_ptr)cinfo) &&
           cinfo->scale_num >= 3 && (size_t)cinfo->output_width * cinfo->output_height >= 100000 &&
           cinfo->output_height >= 64;
}

// The split decode of a picture `splits` accepts (its output size already worked out by
// jpeg_calc_output_dimensions): the top rows and the rest, each by a decompressor of its own,
// run by `run` at once. The cut is fixed where both parts take about as long: with a whole row
// costing E + I (entropy, then inverse DCT and colour) and a skipped one E, at
// height * (E + I) / (E + 2I), measured as 70 % of the rows (75 % from 4/8 up, where the inverse
// DCT weighs more). The rows are exactly the one-decompressor decode's.
static int decode_split(const unsigned char *data, size_t size, int scale_num, JDIMENSION width, JDIMENSION height,
                        cimg_runner run, unsigned char *given, unsigned char **out, int *out_width, int *out_height,
                        char *err, size_t err_len) {
    size_t stride = (size_t)width * 3;
    unsigned char *buffer = given ? given : malloc(stride * height);
    if (!buffer) {
        copy_message(err, err_len, "out of memory");
        return -1;
    }
    JDIMENSION cut = (JDIMENSION)((uint64_t)height * (scale_num >= 4 ? 75 : 70) / 100);
    struct part parts[2] = {
        {data, size, scale_num, buffer, stride, 0, cut, width, height, 0, 0, 0, {0}},
        {data, size, scale_num, buffer, stride, cut, height, width, height, 0, 0, 0, {0}},
    };
    run(decode_one_of_two, parts);
    struct part *failed = parts[0].failed ? &parts[0] : (parts[1].failed ? &parts[1] : NULL);
    if (failed || parts[0].cut || parts[1].cut || !parts[0].done || !parts[1].done) {
        if (!given) free(buffer);
        copy_message(err, err_len,
                     failed ? failed->message : "it ends before the picture does (the file is cut short)");
        return -1;
    }
    *out = buffer;
    *out_width = (int)width;
    *out_height = (int)height;
    return 0;
}

// The decode behind every entry point: into `given` (`capacity` bytes) when not NULL, else into
// a buffer of its own returned in *out.
static int decode(const unsigned char *data, size_t size, int scale_num, int every_scan, cimg_runner run,
                  unsigned char *given, size_t capacity, unsigned char **out, int *out_width, int *out_height, char *err, size_t err_len) {
    struct jpeg_decompress_struct cinfo;
    struct shim_error error;
    unsigned char *volatile buffer = NULL;
    *out = NULL;
    setup(&cinfo, &error);
    if (setjmp(error.jump)) {
        copy_message(err, err_len, error.message);
        if (!given) free(buffer);
        jpeg_destroy_decompress(&cinfo);
        return -1;
    }
    jpeg_create_decompress(&cinfo);
    jpeg_mem_src(&cinfo, data, (unsigned long)size);
    jpeg_read_header(&cinfo, TRUE);
    configure(&cinfo, scale_num);
    jpeg_calc_output_dimensions(&cinfo);
    if (given && (size_t)cinfo.output_width * cinfo.output_height * 3 > capacity) {
        copy_message(err, err_len, "the decoded picture is larger than the space given for it");
        jpeg_destroy_decompress(&cinfo);
        return -1;
    }
    if (!every_scan && splits(&cinfo, run)) {
        JDIMENSION width = cinfo.output_width, height = cinfo.output_height;
        jpeg_destroy_decompress(&cinfo);
        return decode_split(data, size, scale_num, width, height, run, given, out, out_width, out_height, err, err_len);
    }
    // A progressive JPEG is read scan by scan, and only until the coefficients this scale's
    // inverse DCT reads are final: at 1/8 that is the DC scans alone, a fraction of the file's
    // entropy decoding. Block smoothing is off so the picture is exactly the full decode's.
    int stops_early = cinfo.progressive_mode && !every_scan ? 1 : 0;
    cinfo.buffered_image = stops_early ? TRUE : FALSE;
    cinfo.do_block_smoothing = FALSE;
    jpeg_start_decompress(&cinfo);
    if (stops_early) {
        for (;;) {
            int status = jpeg_consume_input(&cinfo);
            if (status == JPEG_REACHED_EOI || status == JPEG_SUSPENDED) break;
            if (status == JPEG_SCAN_COMPLETED && scale_coefficients_final(&cinfo)) break;
        }
        jpeg_start_output(&cinfo, cinfo.input_scan_number);
    }
    size_t stride = (size_t)cinfo.output_width * 3;
    buffer = given ? given : malloc(stride * cinfo.output_height);
    if (!buffer) {
        copy_message(err, err_len, "out of memory");
        jpeg_destroy_decompress(&cinfo);
        return -1;
    }
    read_rows(&cinfo, buffer, stride, cinfo.output_height);
    *out_width = (int)cinfo.output_width;
    *out_height = (int)cinfo.output_height;
    // A truncated file decodes with gray rows and a warning; report it as an error. (A
    // progressive file cut after the scans this scale reads is whole here.)
    if (error.base.num_warnings > 0) {
        jpeg_destroy_decompress(&cinfo);
        if (!given) free(buffer);
        copy_message(err, err_len, "it ends before the picture does (the file is cut short)");
        return -1;
    }
    // A progressive decode may stop before the last scan: destroying reads nothing further.
    if (!stops_early) jpeg_finish_decompress(&cinfo);
    jpeg_destroy_decompress(&cinfo);
    *out = buffer;
    return 0;
}

int cimg_jpeg_decode(const unsigned char *data, size_t size, int scale_num, cimg_runner run, unsigned char **out,
                     int *out_width, int *out_height, char *err, size_t err_len) {
    return decode(data, size, scale_num, 0, run, NULL, 0, out, out_width, out_height, err, err_len);
}

int cimg_jpeg_decode_into(const unsigned char *data, size_t size, int scale_num, cimg_runner run, unsigned char *pixels,
                          size_t capacity, int *out_width, int *out_height, char *err, size_t err_len) {
    unsigned char *out;
    return decode(data, size, scale_num, 0, run, pixels, capacity, &out, out_width, out_height, err, err_len);
}

int cimg_jpeg_decode_every_scan(const unsigned char *data, size_t size, int scale_num, unsigned char **out,
                                int *out_width, int *out_height, char *err, size_t err_len) {
    return decode(data, size, scale_num, 1, NULL, NULL, 0, out, out_width, out_height, err, err_len);
}

void cimg_free(unsigned char *buffer) { free(buffer); }

int cimg_jpeg_encode(const unsigned char *rgb, int width, int height, int quality, int progressive,
                     unsigned char **out, size_t *out_size) {
    struct jpeg_compress_struct cinfo;
    struct shim_error error;
    unsigned char *buffer = NULL;
    unsigned long length = 0;
    cinfo.err = jpeg_std_error(&error.base);
    error.base.error_exit = shim_error_exit;
    error.base.output_message = shim_silent;
    error.base.emit_message = shim_silent_level;
    if (setjmp(error.jump)) {
        jpeg_destroy_compress(&cinfo);
        free(buffer);
        return -1;
    }
    jpeg_create_compress(&cinfo);
    jpeg_mem_dest(&cinfo, &buffer, &length);
    cinfo.image_width = (JDIMENSION)width;
    cinfo.image_height = (JDIMENSION)height;
    cinfo.input_components = 3;
    cinfo.in_color_space = JCS_RGB;
    jpeg_set_defaults(&cinfo);
    jpeg_set_quality(&cinfo, quality, TRUE);
    if (progressive) jpeg_simple_progression(&cinfo);
    jpeg_start_compress(&cinfo, TRUE);
    while (cinfo.next_scanline < cinfo.image_height) {
        JSAMPROW row = (JSAMPROW)(rgb + (size_t)cinfo.next_scanline * (size_t)width * 3);
        jpeg_write_scanlines(&cinfo, &row, 1);
    }
    jpeg_finish_compress(&cinfo);
    jpeg_destroy_compress(&cinfo);
    *out = buffer;
    *out_size = (size_t)length;
    return 0;
}
