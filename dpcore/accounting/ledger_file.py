"""The privacy ledger's file: an exclusive lock beside it, and atomic, durable writes.

Every read-modify-write of the ledger (:class:`dpcore.accounting.ledger.Ledger`) holds the
lock on ``<ledger>.lock`` (``fcntl.flock`` on POSIX, ``msvcrt.locking`` on Windows), so two
runs on one ledger are charged one after the other; a write goes to a temporary file in the
same directory, is fsynced and renamed over the ledger, and the rename is made durable by
an fsync of the directory: a killed run leaves either the old ledger or the new one.
"""
from __future__ import annotations

import contextlib
import json
import os
import tempfile

from .dataset_ids import LEDGER_VERSION, migrate_ledger

try:  # POSIX file locks; the plugin also runs on Windows, where msvcrt is used.
    import fcntl
except ImportError:  # pragma: no cover - exercised on Windows only
    fcntl = None
    import msvcrt


class LedgerUnwritable(ValueError):
    """The ledger file (or its lock) cannot be created or written."""


def unwritable(path: str, exc: OSError) -> LedgerUnwritable:
    return LedgerUnwritable(
        f"the privacy ledger {path} cannot be written ({exc.strerror or exc}): choose a ledger "
        "file in a directory you can write to.")


@contextlib.contextmanager
def locked(path: str):
    """Exclusive lock on ``path + '.lock'`` for the duration of the block."""
    lock_path = path + ".lock"
    try:
        os.makedirs(os.path.dirname(lock_path) or ".", exist_ok=True)
        fh = open(lock_path, "a+b")
    except OSError as exc:
        raise unwritable(path, exc) from exc
    with fh:
        if fcntl is not None:
            fcntl.flock(fh.fileno(), fcntl.LOCK_EX)
        else:  # pragma: no cover
            fh.seek(0)
            msvcrt.locking(fh.fileno(), msvcrt.LK_LOCK, 1)
        try:
            yield
        finally:
            if fcntl is not None:
                fcntl.flock(fh.fileno(), fcntl.LOCK_UN)
            else:  # pragma: no cover
                fh.seek(0)
                msvcrt.locking(fh.fileno(), msvcrt.LK_UNLCK, 1)


def read(path: str) -> dict:
    """The ledger's content (migrated to the current layout); an empty ledger when the file
    is missing or empty."""
    if not os.path.exists(path) or os.path.getsize(path) == 0:
        return {"version": LEDGER_VERSION, "datasets": {}}
    try:
        with open(path, "r", encoding="utf-8") as fh:
            data = json.load(fh)
    except (OSError, json.JSONDecodeError) as exc:
        raise ValueError(f"privacy ledger {path} is unreadable: {exc}") from exc
    if not isinstance(data, dict) or "datasets" not in data:
        raise ValueError(f"{path} is not a Mobility DP privacy ledger")
    return migrate_ledger(data)


def write(path: str, data: dict) -> None:
    """Atomic replace, then fsync of the file and of its directory (the rename)."""
    directory = os.path.dirname(path) or "."
    try:
        fd, tmp = tempfile.mkstemp(prefix=".ledger-", suffix=".json", dir=directory)
    except OSError as exc:
        raise unwritable(path, exc) from exc
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            json.dump(data, fh, indent=2, sort_keys=True, ensure_ascii=False)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException as exc:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        if isinstance(exc, OSError):
            raise unwritable(path, exc) from exc
        raise
    _fsync_directory(directory)


def _fsync_directory(directory: str) -> None:
    """Make a rename in ``directory`` durable (POSIX; a no-op where unsupported)."""
    flags = os.O_RDONLY | getattr(os, "O_DIRECTORY", 0)
    try:
        fd = os.open(directory, flags)
    except OSError:  # pragma: no cover - Windows cannot open directories
        return
    try:
        os.fsync(fd)
    except OSError:  # pragma: no cover - some file systems refuse fsync on directories
        pass
    finally:
        os.close(fd)
