"""Every file the package writes goes through `AtomicFile`: whole or not at all.

The new content is written to a temporary file in the target's own folder (so the
final rename never crosses a file system), flushed and synced to disk, and renamed
over the target only when complete. Until then the target is untouched: a failed
or interrupted write (an exception, Ctrl-C, a full disk) leaves the previous file
or none, never a partial one, and removes the temporary file.

Checks that need no work come first: an extension outside the allowed ones, an
existing target under ``no_clobber``, a folder as target or a missing folder are
refused before anything is computed (`check_target`).

A target that exists and is not a regular file (``/dev/null``, ``/dev/stdout``, a
named pipe) cannot be replaced by a rename; it is written directly, as a stream.

Example:
    >>> import os, tempfile
    >>> path = os.path.join(tempfile.mkdtemp(), "deal.json")
    >>> write_text(path, '{"faces": []}\\n')
    >>> open(path).read()
    '{"faces": []}\\n'
    >>> try:
    ...     write_text(path, "x", no_clobber=True)
    ... except FileExistsError as e:
    ...     print(e.strerror)
    refusing to replace an existing file (no_clobber)
"""

from __future__ import annotations

import errno
import os
import stat
import tempfile
from typing import IO, Any, Optional, Sequence, Union

from mahjong_fast.errors import argument_error

PathLike = Union[str, "os.PathLike[str]"]

__all__ = ["AtomicFile", "check_target", "extension", "is_stream", "write_bytes", "write_text"]


def extension(path: PathLike) -> str:
    """The lower-case extension of `path` with its dot ("" when none).

    Example:
        >>> extension("wins.Parquet"), extension("notes")
        ('.parquet', '')
    """
    return os.path.splitext(os.fspath(path))[1].lower()


def check_target(
    path: PathLike, allowed: Optional[Sequence[str]] = None, *, no_clobber: bool = False, argument: str = "path"
) -> str:
    """Refuse a target that cannot be written, before any work: returns its path.

    `allowed` lists the extensions taken (with their dots); any other raises
    `ArgumentError` naming them. A folder, a missing parent folder and (with
    `no_clobber`) an existing file raise the `OSError` an open would raise.

    Example:
        >>> from mahjong_fast.errors import ArgumentError
        >>> try:
        ...     check_target("wins.xlsx", [".csv", ".parquet"], argument="out")
        ... except ArgumentError as e:
        ...     print(e)
        out 'wins.xlsx': the extension must be one of .csv, .parquet
    """
    p = os.fspath(path)
    if os.path.isdir(p):
        raise IsADirectoryError(errno.EISDIR, "is a folder, not a file", p)
    if allowed is not None and extension(p) not in allowed:
        raise argument_error(argument, f"{argument} {p!r}: the extension must be one of {', '.join(allowed)}", p)
    parent = os.path.dirname(os.path.abspath(p))
    if not os.path.isdir(parent):
        raise FileNotFoundError(errno.ENOENT, "the folder to write into does not exist", parent)
    if no_clobber and os.path.lexists(p):
        raise FileExistsError(errno.EEXIST, "refusing to replace an existing file (no_clobber)", p)
    return p


def is_stream(path: PathLike) -> bool:
    """True when `path` exists and is not a regular file nor a folder (a device such
    as ``/dev/stdout``, a named pipe): written directly, not by a rename.

    Example:
        >>> is_stream("/dev/null"), is_stream(__file__)
        (True, False)
    """
    try:
        mode = os.stat(os.fspath(path)).st_mode
    except (FileNotFoundError, NotADirectoryError):
        return False
    return not (stat.S_ISREG(mode) or stat.S_ISDIR(mode))


def _new_mode(path: str) -> int:
    """The permissions the target gets: the old file's, else what open() would give."""
    try:
        return stat.S_IMODE(os.stat(path).st_mode)
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


class AtomicFile:
    """A file written beside its target and renamed into place only when complete.

    Use it as a context manager: the body writes to `file` (opened with `mode`,
    text or binary) or to the temporary path `tmp_path` (for writers that take a
    path); on a normal exit the file is synced and renamed over `path`, on any
    exception (KeyboardInterrupt included) it is removed and the target left as it
    was. `commit()` and `discard()` do the same by hand.

    Example:
        >>> import os, tempfile
        >>> path = os.path.join(tempfile.mkdtemp(), "a.txt")
        >>> with AtomicFile(path) as f:
        ...     _ = f.file.write("first\\n")
        >>> try:
        ...     with AtomicFile(path) as f:
        ...         _ = f.file.write("half of the second")
        ...         raise KeyboardInterrupt
        ... except KeyboardInterrupt:
        ...     pass
        >>> open(path).read(), sorted(os.listdir(os.path.dirname(path)))
        ('first\\n', ['a.txt'])
    """

    def __init__(
        self,
        path: PathLike,
        mode: str = "w",
        *,
        allowed: Optional[Sequence[str]] = None,
        no_clobber: bool = False,
        argument: str = "path",
        encoding: Optional[str] = "utf-8",
        newline: Optional[str] = None,
    ) -> None:
        if mode not in ("w", "wb"):
            raise ValueError(f"mode must be 'w' or 'wb', got {mode!r}")
        self.path = check_target(path, allowed, no_clobber=no_clobber, argument=argument)
        self.no_clobber = no_clobber
        self.stream = is_stream(self.path)
        text = {} if mode == "wb" else {"encoding": encoding, "newline": newline}
        if self.stream:
            self.tmp_path = self.path
            self.file: IO[Any] = open(self.path, mode, **text)
        else:
            d, base = os.path.split(os.path.abspath(self.path))
            fd, self.tmp_path = tempfile.mkstemp(dir=d, prefix=f".{base}.", suffix=".part")
            try:
                os.chmod(self.tmp_path, _new_mode(self.path))
                self.file = os.fdopen(fd, mode, **text)
            except BaseException:
                os.close(fd)
                os.unlink(self.tmp_path)
                raise
        self.done = False

    def commit(self) -> None:
        """Finish: flush, sync, and rename over the target (nothing when already done).

        Example:
            >>> import os, tempfile
            >>> f = AtomicFile(os.path.join(tempfile.mkdtemp(), "b.txt"))
            >>> _ = f.file.write("x"); f.commit(); open(f.path).read()
            'x'
        """
        if self.done:
            return
        try:
            if not self.file.closed:
                self.file.flush()
                if not self.stream:
                    os.fsync(self.file.fileno())
                self.file.close()
            if not self.stream:
                self._rename()
        except OSError as e:
            self.discard()
            if e.filename is None:
                e.filename = self.path  # a full disk says which file it could not finish
            raise
        except BaseException:
            self.discard()
            raise
        self.done = True

    def _rename(self) -> None:
        if self.no_clobber:
            # A link fails if the target appeared meanwhile; a rename would replace it.
            os.link(self.tmp_path, self.path)
            os.unlink(self.tmp_path)
        else:
            os.replace(self.tmp_path, self.path)
        try:
            dfd = os.open(os.path.dirname(os.path.abspath(self.path)), os.O_RDONLY)
        except OSError:
            return
        try:
            os.fsync(dfd)
        except OSError:
            pass  # some file systems cannot sync a folder; the rename itself is done
        finally:
            os.close(dfd)

    def discard(self) -> None:
        """Drop what was written: the target stays as it was.

        Example:
            >>> import os, tempfile
            >>> d = tempfile.mkdtemp(); f = AtomicFile(os.path.join(d, "c.txt"))
            >>> f.discard(); os.listdir(d)
            []
        """
        if self.done:
            return
        self.done = True
        try:
            self.file.close()
        except OSError:
            pass  # the write already failed; closing only reports the same failure
        if not self.stream:
            try:
                os.unlink(self.tmp_path)
            except FileNotFoundError:
                pass

    def __enter__(self) -> AtomicFile:
        return self

    def __exit__(self, kind: object, value: object, tb: object) -> None:
        if kind is None:
            self.commit()
            return
        self.discard()
        if isinstance(value, OSError) and value.filename is None:
            value.filename = self.path  # a full disk says which file it could not finish


def write_text(path: PathLike, text: str, *, allowed: Optional[Sequence[str]] = None, no_clobber: bool = False) -> None:
    """Write `text` (UTF-8) to `path` whole or not at all.

    Example:
        >>> import os, tempfile
        >>> p = os.path.join(tempfile.mkdtemp(), "t.txt"); write_text(p, "hi"); open(p).read()
        'hi'
    """
    with AtomicFile(path, allowed=allowed, no_clobber=no_clobber) as f:
        f.file.write(text)


def write_bytes(path: PathLike, data: bytes, *, allowed: Optional[Sequence[str]] = None, no_clobber: bool = False) -> None:
    """Write `data` to `path` whole or not at all.

    Example:
        >>> import os, tempfile
        >>> p = os.path.join(tempfile.mkdtemp(), "b.bin"); write_bytes(p, b"\\x00"); open(p, "rb").read()
        b'\\x00'
    """
    with AtomicFile(path, "wb", allowed=allowed, no_clobber=no_clobber) as f:
        f.file.write(data)
