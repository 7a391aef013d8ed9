// kitty graphics commands written in one pass: base64 straight into the chunked escape
// sequences (Foundation's base64 and a copy into chunks cost a 450x800 picture 12 M
// instructions; this is about a quarter of that). Output is byte for byte what KittyGraphics'
// Swift chunking of a base64 payload gives (a test compares them).
#include "CTerminalGraphics.h"

#include <string.h>

static const char alphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

static size_t encoded_length(size_t count) { return (count + 2) / 3 * 4; }

size_t cterm_kitty_chunks_size(size_t count, size_t keys_length, size_t chunk) {
    size_t encoded = encoded_length(count);
    size_t chunks = encoded == 0 ? 1 : (encoded + chunk - 1) / chunk;
    return encoded + chunks * 9 + keys_length + 1;
}

// Base64 of `count` bytes (with padding) into out; returns the characters written.
static size_t encode(const unsigned char *in, size_t count, unsigned char *out) {
    unsigned char *start = out;
    size_t whole = count / 3 * 3;
    for (size_t i = 0; i < whole; i += 3) {
        unsigned int bits = (unsigned int)in[i] << 16 | (unsigned int)in[i + 1] << 8 | in[i + 2];
        out[0] = (unsigned char)alphabet[bits >> 18];
        out[1] = (unsigned char)alphabet[(bits >> 12) & 63];
        out[2] = (unsigned char)alphabet[(bits >> 6) & 63];
        out[3] = (unsigned char)alphabet[bits & 63];
        out += 4;
    }
    size_t rest = count - whole;
    if (rest > 0) {
        unsigned int bits = (unsigned int)in[whole] << 16 | (rest == 2 ? (unsigned int)in[whole + 1] << 8 : 0);
        out[0] = (unsigned char)alphabet[bits >> 18];
        out[1] = (unsigned char)alphabet[(bits >> 12) & 63];
        out[2] = rest == 2 ? (unsigned char)alphabet[(bits >> 6) & 63] : '=';
        out[3] = '=';
        out += 4;
    }
    return (size_t)(out - start);
}

size_t cterm_kitty_chunks_range(const unsigned char *bytes, size_t count, size_t from, size_t to, const char *keys,
                               size_t keys_length, size_t chunk, unsigned char *out) {
    size_t raw_chunk = chunk / 4 * 3;  // chunk is a multiple of 4: whole groups, no padding inside
    size_t encoded = encoded_length(count);
    if (to > count) to = count;
    unsigned char *start = out;
    size_t offset = from;  // into bytes
    size_t written = from / 3 * 4;  // base64 characters before this range
    do {
        size_t take = count - offset < raw_chunk ? count - offset : raw_chunk;
        size_t length = encoded_length(take);
        int more = written + length < encoded;
        memcpy(out, "\x1b_G", 3);
        out += 3;
        if (offset == 0) {
            memcpy(out, keys, keys_length);
            out += keys_length;
            *out++ = ',';
        }
        memcpy(out, "m=", 2);
        out += 2;
        *out++ = more ? '1' : '0';
        *out++ = ';';
        out += encode(bytes + offset, take, out);
        memcpy(out, "\x1b\\", 2);
        out += 2;
        offset += take;
        written += length;
    } while (offset < to);
    return (size_t)(out - start);
}

size_t cterm_kitty_chunks(const unsigned char *bytes, size_t count, const char *keys, size_t keys_length, size_t chunk,
                         unsigned char *out) {
    return cterm_kitty_chunks_range(bytes, count, 0, count, keys, keys_length, chunk, out);
}
