// libpng (Debian: libpng-dev), as a system library target.
#include <png.h>
