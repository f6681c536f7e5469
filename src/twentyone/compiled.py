"""numba compile options shared by the compiled parts (the simulator's kernel, the exact solver).

``no_refcount`` compiles a helper without numba's reference counting. With it, every call to a
compiled function increments and decrements the count of each array argument with atomic
instructions; in the simulator's round those took three quarters of the time (measured with perf
on a two-core Xeon: 2.1M rounds/s with them, 6.7M without). A helper compiled this way must not
allocate (no new arrays): its callers own everything it touches.

numba's disk cache is hardened here (``harden_numba_cache``, run on import, before anything
compiled is first called): a cache file that is truncated, emptied or garbled is a cache miss,
compiled again and rewritten, with one line on stderr, never a crash. Each file carries a
SHA-256 of its contents, checked before it is unpickled, so damaged machine code is never
loaded; files written by numba without it are from before this check and are not read. Whatever
stands where a cache file or a cache folder goes and is not one (a folder in a file's place, a
file in a folder's place) is removed before numba writes there, so the cache heals on the next
compile instead of failing every run; a save that still fails costs the next run a compile,
never this one its answer.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import pickle
import shutil
import sys
from collections.abc import Callable, Iterator
from typing import Any, TypeVar, cast

import numba
from numba import njit
from numba.core import caching as _caching

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


caching: Any = _caching  # numba's cache internals carry no types
#: Marks the end of a cache file's contents, before its SHA-256.
_TRAILER = b"twentyone-sha256:"
_DIGEST = 32
DAMAGED = "the compiled code saved on disk was damaged; compiling it again"
_warned = False


def _warn_damaged() -> None:
    global _warned
    if not _warned:
        _warned = True
        print(f"twentyone: {DAMAGED}", file=sys.stderr)


def _checked(raw: bytes) -> bytes | None:
    """``raw`` less its trailer if the trailer's digest matches, else None."""
    cut = len(raw) - _DIGEST - len(_TRAILER)
    if cut < 0 or raw[cut:-_DIGEST] != _TRAILER:
        return None
    body = raw[:cut]
    return body if hashlib.sha256(body).digest() == raw[-_DIGEST:] else None


def _clear_way(path: str, *, folder: bool) -> None:
    """Remove what stands at ``path`` if it is not what numba is about to put there (a regular
    file, or with ``folder`` a folder): numba would fail on it at every save, forever."""
    fits = os.path.isdir(path) if folder else os.path.isfile(path)
    if fits or not os.path.lexists(path):
        return
    _warn_damaged()
    if os.path.isdir(path) and not os.path.islink(path):
        shutil.rmtree(path, ignore_errors=True)
    else:
        with contextlib.suppress(OSError):
            os.unlink(path)


class _HardenedCacheFile(caching.IndexDataCacheFile):  # type: ignore[misc]
    """numba's index and data files, each with a digest, any damage read as a miss."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # Keyed apart from plain numba's files, which carry no digest.
        self._version: str = f"{numba.__version__}+twentyone-sha256"

    def _dump(self, obj: Any) -> bytes:
        data: bytes = super()._dump(obj)
        return data + _TRAILER + hashlib.sha256(data).digest()

    def _load_index(self) -> Any:
        try:
            with open(self._index_path, "rb") as f:
                version = pickle.load(f)
                data = f.read()
        except FileNotFoundError:
            return {}
        except Exception:
            _warn_damaged()
            return {}
        if version != self._version:
            return {}  # another numba's or an older file: compiled again and replaced
        body = _checked(data)
        try:
            if body is None:
                raise ValueError("digest")
            stamp, overloads = pickle.loads(body)
        except Exception:
            _warn_damaged()
            return {}
        return overloads if stamp == self._source_stamp else {}

    @contextlib.contextmanager
    def _open_for_write(self, filepath: str) -> Iterator[Any]:
        _clear_way(filepath, folder=False)
        with super()._open_for_write(filepath) as f:
            yield f

    def _load_data(self, name: str) -> Any:
        try:
            with open(self._data_path(name), "rb") as f:
                body = _checked(f.read())
            if body is None:
                raise ValueError("digest")
            return pickle.loads(body)
        except Exception:
            _warn_damaged()
            raise OSError("damaged cache entry") from None  # numba: a miss, compiled again


def harden_numba_cache() -> None:
    """Make numba's disk cache read damaged files as misses (see the module's docstring)."""
    if caching.IndexDataCacheFile is _HardenedCacheFile:
        return
    caching.IndexDataCacheFile = _HardenedCacheFile
    load_overload = caching.Cache.load_overload

    def safe_load_overload(self: Any, sig: Any, target_context: Any) -> Any:
        try:
            return load_overload(self, sig, target_context)
        except Exception:
            _warn_damaged()
            return None

    caching.Cache.load_overload = safe_load_overload
    save_overload = caching.Cache.save_overload

    def safe_save_overload(self: Any, sig: Any, data: Any) -> None:
        try:
            save_overload(self, sig, data)
        except Exception:
            _warn_damaged()  # compiled in memory all the same; the next run compiles again

    caching.Cache.save_overload = safe_save_overload
    ensure_cache_path = caching._CacheLocator.ensure_cache_path

    def cleared_cache_path(self: Any) -> None:
        _clear_way(self.get_cache_path(), folder=True)
        ensure_cache_path(self)

    caching._CacheLocator.ensure_cache_path = cleared_cache_path


harden_numba_cache()
