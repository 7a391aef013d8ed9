// libjpeg-turbo (Debian: libjpeg62-turbo-dev), as a system library target.
#include <stdio.h>
#include <jpeglib.h>
