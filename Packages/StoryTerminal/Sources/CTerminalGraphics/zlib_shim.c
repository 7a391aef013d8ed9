// zlib's one-shot compression for the kitty graphics protocol's `o=z` payloads.
#include "CTerminalGraphics.h"

#include <stdlib.h>
#include <zlib.h>

int cterm_deflate(const unsigned char *data, size_t size, int level, unsigned char **out, size_t *out_size) {
    uLongf bound = compressBound((uLong)size);
    unsigned char *buffer = malloc(bound);
    if (buffer == NULL) return -1;
    if (compress2(buffer, &bound, data, (uLong)size, level) != Z_OK) {
        free(buffer);
        return -1;
    }
    *out = buffer;
    *out_size = (size_t)bound;
    return 0;
}

int cterm_inflate(const unsigned char *data, size_t size, unsigned char *out, size_t *out_size) {
    uLongf length = (uLongf)*out_size;
    if (uncompress(out, &length, data, (uLong)size) != Z_OK) return -1;
    *out_size = (size_t)length;
    return 0;
}

void cterm_free(unsigned char *buffer) { free(buffer); }
