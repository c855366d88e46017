/* The XFER hook's pointer (xfer_hook.h): NULL unless a profiler sets it. */
#include "xfer_hook.h"

mpchar_rt_xfer_fn mpchar_rt_xfer_hook;
