/* libcurl loaded on first use (see lazy_curl.c). */
/// Whether libcurl has been loaded (1) or not yet (0).
int ccurl_lazy_loaded(void);
