// kitty graphics commands written in one pass: base64 straight into the chunked escape
// sequences (Foundation's base64 and a copy into chunks cost a 450x800 picture 12 M
// instructions; this is about a quarter of that). Output is byte for byte what KittyGraphics'
// Swift chunking of a base64 payload gives (a test compares them).
#include "CImageCodecs.h"

#include <pthread.h>
#include <string.h>

static const char alphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
static unsigned char pairs[4096][2];  // 12 bits of input to two characters
static pthread_once_t pairs_once = PTHREAD_ONCE_INIT;

static void make_pairs(void) {
    for (int i = 0; i < 4096; i++) {
        pairs[i][0] = (unsigned char)alphabet[i >> 6];
        pairs[i][1] = (unsigned char)alphabet[i & 63];
    }
}

static size_t encoded_length(size_t count) { return (count + 2) / 3 * 4; }

size_t cimg_kitty_chunks_size(size_t count, size_t keys_length, size_t chunk) {
    size_t encoded = encoded_length(count);
    size_t chunks = encoded == 0 ? 1 : (encoded + chunk - 1) / chunk;
    return encoded + chunks * 9 + keys_length + 1;
}

typedef unsigned char v16u8 __attribute__((vector_size(16)));
typedef unsigned char v32u8 __attribute__((vector_size(32)));
typedef unsigned int v8u32 __attribute__((vector_size(32)));

// Base64 of the first bytes of `in`, 24 at a time (eight groups of three, 32 characters), while
// 28 or more are left (a block reads 4 bytes past itself); returns the bytes encoded, a multiple
// of 3. The same characters as the table below (a test compares every chunk with Foundation's
// base64): each group's 24 bits are gathered into a 32-bit lane, its four 6-bit values moved
// into the lane's four bytes, and each value turned into its character by adding the offset
// of its range (A-Z, a-z, 0-9, +, /). AVX2 where the processor has it: the kitty payload of a
// 405x720 picture, 875 KB, was ~0.3 ms through the table on this machine's cores.
__attribute__((target_clones("avx2", "default"))) static size_t encode_blocks(const unsigned char *in, size_t count,
                                                                              unsigned char *out) {
    size_t done = 0;
    while (count - done >= 28) {
        v16u8 low, high;
        memcpy(&low, in + done, 16);        // groups 0-3 in bytes 0-11
        memcpy(&high, in + done + 12, 16);  // groups 4-7 in bytes 0-11
        v32u8 both = __builtin_shufflevector(low, high, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17,
                                             18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31);
        // Each group's bytes a b c as the lane's c b a (a 24-bit number, a first), in-lane.
        v32u8 gathered = __builtin_shufflevector(both, both, 2, 1, 0, 0, 5, 4, 3, 3, 8, 7, 6, 6, 11, 10, 9, 9, 18, 17,
                                                 16, 16, 21, 20, 19, 19, 24, 23, 22, 22, 27, 26, 25, 25);
        v8u32 bits;
        memcpy(&bits, &gathered, sizeof bits);
        bits &= 0xFFFFFF;
        v8u32 values = ((bits >> 18) & 63) | (((bits >> 12) & 63) << 8) | (((bits >> 6) & 63) << 16) | ((bits & 63) << 24);
        v32u8 x;
        memcpy(&x, &values, sizeof x);
        // 'A' + x, then 6 more from 26 (a-z), 75 fewer from 52 (0-9), 15 fewer at 62 ('+'),
        // 3 more at 63 ('/'); byte arithmetic wraps, so the sum is the character.
        v32u8 offset = 65 + ((v32u8)(x > 25) & 6) - ((v32u8)(x > 51) & 75) - ((v32u8)(x > 61) & 15) +
                       ((v32u8)(x > 62) & 3);
        x += offset;
        memcpy(out, &x, sizeof x);
        out += 32;
        done += 24;
    }
    return done;
}

// Base64 of `count` bytes (with padding) into out; returns the characters written.
static size_t encode(const unsigned char *in, size_t count, unsigned char *out) {
    unsigned char *start = out;
    size_t whole = count / 3 * 3;
    size_t blocks = encode_blocks(in, count, out);
    out += blocks / 3 * 4;
    for (size_t i = blocks; i < whole; i += 3) {
        unsigned int bits = (unsigned int)in[i] << 16 | (unsigned int)in[i + 1] << 8 | in[i + 2];
        memcpy(out, pairs[bits >> 12], 2);
        memcpy(out + 2, pairs[bits & 4095], 2);
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

size_t cimg_kitty_chunks_range(const unsigned char *bytes, size_t count, size_t from, size_t to, const char *keys,
                               size_t keys_length, size_t chunk, unsigned char *out) {
    pthread_once(&pairs_once, make_pairs);
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

size_t cimg_kitty_chunks(const unsigned char *bytes, size_t count, const char *keys, size_t keys_length, size_t chunk,
                         unsigned char *out) {
    return cimg_kitty_chunks_range(bytes, count, 0, count, keys, keys_length, chunk, out);
}
