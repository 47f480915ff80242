"""What a call leaves to the garbage collector: objects held only by cycles."""

import gc


def garbage_of(run, module: str = "webscore") -> list:
    """Return the objects of a module's code (its functions and its classes' instances) that a call left in cycles,
    found by a full collection right after it; another thread's garbage meanwhile is not the call's."""
    gc.collect()
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        run()
        gc.collect()
        return [item for item in gc.garbage if (getattr(item, "__module__", None) if type(item).__name__ == "function"
                                                else type(item).__module__).startswith(module)]
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
