// JPEG encoding for picsum-stub (libjpeg-turbo), errors returned instead of exiting.
#ifndef CJPEGENCODER_H
#define CJPEGENCODER_H
#include <stddef.h>

/// Encodes RGB888 pixels; on success returns 0 and a malloc'd buffer (free with cjpeg_free).
int cjpeg_encode(const unsigned char *rgb, int width, int height, int quality, int progressive,
                 unsigned char **out, unsigned long *out_size);
void cjpeg_free(unsigned char *buffer);
#endif
