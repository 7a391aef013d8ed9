#include "CImageCodecs.h"

#include <png.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

struct reader {
    const unsigned char *data;
    size_t size;
    size_t offset;
};

struct shim_error {
    char message[256];
};

static void read_bytes(png_structp png, png_bytep out, png_size_t count) {
    struct reader *reader = (struct reader *)png_get_io_ptr(png);
    if (reader->offset + count > reader->size) {
        png_error(png, "the PNG data is truncated");
    }
    memcpy(out, reader->data + reader->offset, count);
    reader->offset += count;
}

static void on_error(png_structp png, png_const_charp message) {
    struct shim_error *error = (struct shim_error *)png_get_error_ptr(png);
    strncpy(error->message, message, sizeof(error->message) - 1);
    error->message[sizeof(error->message) - 1] = '\0';
    png_longjmp(png, 1);
}

static void on_warning(png_structp png, png_const_charp message) { (void)png; (void)message; }

static void copy_message(char *err, size_t err_len, const char *message) {
    if (err && err_len > 0) {
        strncpy(err, message, err_len - 1);
        err[err_len - 1] = '\0';
    }
}

static int begin(const unsigned char *data, size_t size, png_structp *png, png_infop *info,
                 struct reader *reader, struct shim_error *error) {
    if (size < 8 || png_sig_cmp((png_const_bytep)data, 0, 8) != 0) {
        strcpy(error->message, "not a PNG signature");
        return -1;
    }
    *png = png_create_read_struct(PNG_LIBPNG_VER_STRING, error, on_error, on_warning);
    if (!*png) {
        strcpy(error->message, "out of memory");
        return -1;
    }
    *info = png_create_info_struct(*png);
    if (!*info) {
        png_destroy_read_struct(png, NULL, NULL);
        strcpy(error->message, "out of memory");
        return -1;
    }
    reader->data = data;
    reader->size = size;
    reader->offset = 0;
    png_set_read_fn(*png, reader, read_bytes);
    return 0;
}

int cimg_png_info(const unsigned char *data, size_t size, int *width, int *height, char *err, size_t err_len) {
    png_structp png = NULL;
    png_infop info = NULL;
    struct reader reader;
    struct shim_error error;
    error.message[0] = '\0';
    if (begin(data, size, &png, &info, &reader, &error) != 0) {
        copy_message(err, err_len, error.message);
        return -1;
    }
    if (setjmp(png_jmpbuf(png))) {
        copy_message(err, err_len, error.message);
        png_destroy_read_struct(&png, &info, NULL);
        return -1;
    }
    png_read_info(png, info);
    *width = (int)png_get_image_width(png, info);
    *height = (int)png_get_image_height(png, info);
    png_destroy_read_struct(&png, &info, NULL);
    return 0;
}

int cimg_png_decode(const unsigned char *data, size_t size, unsigned char **out, int *out_width,
                    int *out_height, char *err, size_t err_len) {
    png_structp png = NULL;
    png_infop info = NULL;
    struct reader reader;
    struct shim_error error;
    unsigned char *volatile rgba = NULL;
    png_bytep *volatile rows = NULL;
    *out = NULL;
    error.message[0] = '\0';
    if (begin(data, size, &png, &info, &reader, &error) != 0) {
        copy_message(err, err_len, error.message);
        return -1;
    }
    if (setjmp(png_jmpbuf(png))) {
        copy_message(err, err_len, error.message);
        free(rgba);
        free(rows);
        png_destroy_read_struct(&png, &info, NULL);
        return -1;
    }
    png_read_info(png, info);
    png_uint_32 width = png_get_image_width(png, info);
    png_uint_32 height = png_get_image_height(png, info);
    // Everything to 8-bit RGBA.
    png_set_expand(png);
    png_set_strip_16(png);
    png_set_gray_to_rgb(png);
    png_set_add_alpha(png, 0xFF, PNG_FILLER_AFTER);
    png_set_interlace_handling(png);
    png_read_update_info(png, info);
    size_t stride = (size_t)width * 4;
    rgba = malloc(stride * height);
    rows = malloc(sizeof(png_bytep) * height);
    if (!rgba || !rows) {
        free(rgba);
        free(rows);
        png_destroy_read_struct(&png, &info, NULL);
        copy_message(err, err_len, "out of memory");
        return -1;
    }
    for (png_uint_32 y = 0; y < height; y++) rows[y] = rgba + stride * y;
    png_read_image(png, rows);
    png_destroy_read_struct(&png, &info, NULL);
    free(rows);
    // Composite over black into RGB, in place.
    unsigned char *rgb = rgba;
    for (size_t i = 0, j = 0; i < stride * height; i += 4, j += 3) {
        unsigned int alpha = rgba[i + 3];
        rgb[j] = (unsigned char)(rgba[i] * alpha / 255);
        rgb[j + 1] = (unsigned char)(rgba[i + 1] * alpha / 255);
        rgb[j + 2] = (unsigned char)(rgba[i + 2] * alpha / 255);
    }
    *out = rgba;
    *out_width = (int)width;
    *out_height = (int)height;
    return 0;
}
