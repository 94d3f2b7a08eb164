// The prefetch hint is an inline function of the header; a C target needs a source file.
#include "CPrefetch.h"
