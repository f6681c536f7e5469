"""numba compile options shared by the compiled parts (the simulator's kernel, the exact solver).

``no_refcount`` compiles a helper without numba's reference counting. With it, every call to a
compiled function increments and decrements the count of each array argument with atomic
instructions; in the simulator's round those took three quarters of the time (measured with perf
on a two-core Xeon: 2.1M rounds/s with them, 6.7M without). A helper compiled this way must not
allocate (no new arrays): its callers own everything it touches.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar, cast

from numba import njit

_F = TypeVar("_F", bound=Callable[..., Any])


def no_refcount(*, fastmath: bool = False, python: bool = False) -> Callable[[_F], _F]:
    """The decorator: cached on disk, releasing the GIL, NumPy's error model, no reference
    counting (``_nrt`` is numba's own switch for it, absent from its type stubs). Only a
    function marked ``python`` can be called from Python: the others get none of the wrappers
    that unbox Python arguments, which cost compile time and nothing else uses."""
    options: dict[str, Any] = {"cache": True, "nogil": True, "error_model": "numpy",
                               "fastmath": fastmath, "_nrt": False,
                               "no_cpython_wrapper": not python, "no_cfunc_wrapper": True}

    def compile_(fn: _F) -> _F:
        return cast(_F, njit(**options)(fn))

    return compile_


def cached(*functions: Any) -> bool:
    """Whether calling these compiled functions costs no compile: each is compiled in this
    process already, or numba's disk cache holds an entry for its source as it is now and for
    this machine (loading one takes a fraction of a second; a compile takes seconds).

    Read from numba's cache index (an internal API, but a stable one); if it cannot be read, say
    True rather than announce a compile that may not happen."""
    for fn in functions:
        try:
            if fn.overloads:
                continue
            cache = fn._cache
            index = cache._cache_file._load_index()
            codegen = fn.targetctx.codegen()
            if not any(cache._index_key(key[0], codegen) == key for key in index):
                return False
        except Exception:
            return True
    return True
