// libcurl, loaded on first use instead of at start-up.
//
// FoundationNetworking calls these 23 libcurl functions. Defining them here, each a
// forwarder to the real function found with dlopen/dlsym on its first call, lets the linker
// (with --as-needed) leave libcurl.so out of the executable's NEEDED list: the 38 shared
// libraries libcurl brings (TLS, Kerberos, LDAP, …) are then mapped only by commands that
// use the network, not by every start-up.
//
// libcurl's headers (libcurl4-openssl-dev) are not on a fresh machine, and the forwarders
// need none of their content: the handles are opaque pointers, the codes, options and parts
// C enums (int-sized), the socket an int. So the prototypes are declared here, with the same
// C ABI as curl.h's, and the build needs only the runtime libcurl4 that Swift itself needs.
typedef void CURL;
typedef void CURLM;
typedef void CURLU;
typedef int CURLcode;
typedef int CURLMcode;
typedef int CURLUcode;
typedef int CURLoption;
typedef int CURLINFO;
typedef int CURLMoption;
typedef int CURLUPart;
typedef int CURLversion;
typedef int curl_socket_t;
typedef struct CURLMsg CURLMsg;
typedef struct curl_version_info_data curl_version_info_data;
struct curl_slist;
#include <dlfcn.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include "ccurl_lazy.h"

static void *library;
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void load(void) {
    library = dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        fprintf(stderr, "stories: cannot load libcurl (%s); install libcurl4\n", dlerror());
        abort();
    }
}

static void *symbol(const char *name) {
    pthread_once(&once, load);
    void *found = dlsym(library, name);
    if (!found) {
        fprintf(stderr, "stories: libcurl has no %s\n", name);
        abort();
    }
    return found;
}

int ccurl_lazy_loaded(void) { return library != NULL; }

#define FORWARD(ret, name, params, args)                 \
    ret name params {                                    \
        static ret(*real) params;                        \
        if (!real) real = (ret(*) params)symbol(#name);  \
        return real args;                                \
    }
#define FORWARD_VOID(name, params, args)                 \
    void name params {                                   \
        static void(*real) params;                       \
        if (!real) real = (void(*) params)symbol(#name); \
        real args;                                       \
    }

FORWARD(CURLcode, curl_global_init, (long flags), (flags))
FORWARD(CURL *, curl_easy_init, (void), ())
FORWARD_VOID(curl_easy_cleanup, (CURL *handle), (handle))
FORWARD(CURLcode, curl_easy_pause, (CURL *handle, int bitmask), (handle, bitmask))
FORWARD(const char *, curl_easy_strerror, (CURLcode code), (code))
FORWARD_VOID(curl_free, (void *p), (p))
FORWARD(CURLM *, curl_multi_init, (void), ())
FORWARD(CURLMcode, curl_multi_add_handle, (CURLM *multi, CURL *easy), (multi, easy))
FORWARD(CURLMcode, curl_multi_remove_handle, (CURLM *multi, CURL *easy), (multi, easy))
FORWARD(CURLMcode, curl_multi_assign, (CURLM *multi, curl_socket_t socket, void *pointer), (multi, socket, pointer))
FORWARD(CURLMcode, curl_multi_cleanup, (CURLM *multi), (multi))
FORWARD(CURLMsg *, curl_multi_info_read, (CURLM *multi, int *left), (multi, left))
FORWARD(CURLMcode, curl_multi_socket_action, (CURLM *multi, curl_socket_t s, int mask, int *running), (multi, s, mask, running))
FORWARD(struct curl_slist *, curl_slist_append, (struct curl_slist *list, const char *text), (list, text))
FORWARD_VOID(curl_slist_free_all, (struct curl_slist *list), (list))
FORWARD(CURLU *, curl_url, (void), ())
FORWARD(CURLUcode, curl_url_get, (CURLU *url, CURLUPart part, char **out, unsigned int flags), (url, part, out, flags))
FORWARD(CURLUcode, curl_url_set, (CURLU *url, CURLUPart part, const char *content, unsigned int flags), (url, part, content, flags))
FORWARD(char *, curl_version, (void), ())
FORWARD(curl_version_info_data *, curl_version_info, (CURLversion age), (age))

// The variadic three take one argument after the option: a long, a pointer, a curl_off_t
// or a function pointer — all passed the same way (one integer register) on x86-64 and
// arm64, so it is forwarded as a pointer-sized value.
#define FORWARD_ONE_ARGUMENT(ret, name, handle_type, option_type)           \
    ret name(handle_type handle, option_type option, ...) {                    \
        static ret (*real)(handle_type, option_type, ...);                     \
        if (!real) real = (ret(*)(handle_type, option_type, ...))symbol(#name); \
        va_list list;                                                          \
        va_start(list, option);                                                \
        void *value = va_arg(list, void *);                                    \
        va_end(list);                                                          \
        return real(handle, option, value);                                    \
    }

FORWARD_ONE_ARGUMENT(CURLcode, curl_easy_setopt, CURL *, CURLoption)
FORWARD_ONE_ARGUMENT(CURLcode, curl_easy_getinfo, CURL *, CURLINFO)
FORWARD_ONE_ARGUMENT(CURLMcode, curl_multi_setopt, CURLM *, CURLMoption)
