#include "CImageCodecs.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>

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
static void shim_silent_level(j_common_ptr cinfo, int level) { (void)cinfo; (void)level; }

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

int cimg_jpeg_decode(const unsigned char *data, size_t size, int scale_num, unsigned char **out,
                     int *out_width, int *out_height, char *err, size_t err_len) {
    struct jpeg_decompress_struct cinfo;
    struct shim_error error;
    unsigned char *volatile buffer = NULL;
    *out = NULL;
    setup(&cinfo, &error);
    if (setjmp(error.jump)) {
        copy_message(err, err_len, error.message);
        free(buffer);
        jpeg_destroy_decompress(&cinfo);
        return -1;
    }
    jpeg_create_decompress(&cinfo);
    jpeg_mem_src(&cinfo, data, (unsigned long)size);
    jpeg_read_header(&cinfo, TRUE);
    cinfo.out_color_space = JCS_RGB;
    cinfo.scale_num = (unsigned int)(scale_num < 1 ? 1 : (scale_num > 8 ? 8 : scale_num));
    cinfo.scale_denom = 8;
    cinfo.dct_method = JDCT_IFAST;
    cinfo.do_fancy_upsampling = FALSE;
    jpeg_start_decompress(&cinfo);
    size_t stride = (size_t)cinfo.output_width * 3;
    buffer = malloc(stride * cinfo.output_height);
    if (!buffer) {
        copy_message(err, err_len, "out of memory");
        jpeg_destroy_decompress(&cinfo);
        return -1;
    }
    while (cinfo.output_scanline < cinfo.output_height) {
        JSAMPROW row = buffer + stride * cinfo.output_scanline;
        jpeg_read_scanlines(&cinfo, &row, 1);
    }
    *out_width = (int)cinfo.output_width;
    *out_height = (int)cinfo.output_height;
    // A truncated file decodes with gray rows and a warning; report it as an error.
    if (error.base.num_warnings > 0) {
        jpeg_destroy_decompress(&cinfo);
        free(buffer);
        copy_message(err, err_len, "the JPEG data is truncated or damaged");
        return -1;
    }
    jpeg_finish_decompress(&cinfo);
    jpeg_destroy_decompress(&cinfo);
    *out = buffer;
    return 0;
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
