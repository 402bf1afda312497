"""Atomic outputs: each output is written in a hidden stage beside its destination and
renamed into place; the stages of killed runs are removed once their process is gone
(process liveness on POSIX and Windows)."""
from __future__ import annotations

import contextlib
import hashlib
import os
import re
import shutil
import socket
import tempfile
import time

#: A staging directory is ``.mobilitydp-<host>-<pid>-<random>``: host = 8 hex digits of the
#: machine's name, pid = the run's process.
_STAGE = re.compile(r"^\.mobilitydp-([0-9a-f]{8})-([0-9]+)-[^/\\]+$")
#: A stage left by a process that is gone is removed once it is this old (seconds).
STALE_STAGE_AGE = 3600.0


def _host_tag() -> str:
    return hashlib.sha1(socket.gethostname().encode("utf-8", "replace")).hexdigest()[:8]


def staged_path(destination: str) -> str:
    """A temporary path for ``destination``: the same file name in a fresh hidden directory
    beside it (same file system, so placing it is a rename; same name, so a GeoPackage
    keeps its layer name). Stale stages of killed runs in that directory are removed first
    (:func:`remove_stale_stages`)."""
    directory = os.path.dirname(os.path.abspath(destination)) or "."
    os.makedirs(directory, exist_ok=True)
    remove_stale_stages(directory)
    stage = tempfile.mkdtemp(prefix=f".mobilitydp-{_host_tag()}-{os.getpid()}-", dir=directory)
    return os.path.join(stage, os.path.basename(destination))


def remove_stale_stages(directory: str, min_age: float = STALE_STAGE_AGE) -> list:
    """Remove the staging directories a killed run left in ``directory``; returns their paths.

    Only a stage of this machine (host tag) whose process is gone and that is at least
    ``min_age`` seconds old is removed: never a live run's (a run of another machine, or
    of a process that exists, or a stage named the former way without a pid, is kept).
    """
    removed, now, host = [], time.time(), _host_tag()
    with contextlib.suppress(OSError):
        for entry in os.scandir(directory):
            match = _STAGE.match(entry.name)
            if not (match and match.group(1) == host and entry.is_dir(follow_symlinks=False)):
                continue
            with contextlib.suppress(OSError):
                if (now - entry.stat(follow_symlinks=False).st_mtime >= min_age
                        and not process_alive(int(match.group(2)))):
                    shutil.rmtree(entry.path)
                    removed.append(entry.path)
    return removed


def process_alive(pid: int) -> bool:
    """Whether process ``pid`` exists on this machine (in doubt: yes)."""
    if pid == os.getpid():
        return True
    if os.name == "nt":   # os.kill(pid, 0) would terminate it on Windows
        return _windows_process_alive(pid)
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OSError, OverflowError):
        return True
    return True


def _windows_process_alive(pid: int) -> bool:
    import ctypes
    kernel32 = ctypes.windll.kernel32
    handle = kernel32.OpenProcess(0x1000, False, pid)       # PROCESS_QUERY_LIMITED_INFORMATION
    if not handle:
        return kernel32.GetLastError() != 87                # ERROR_INVALID_PARAMETER: no such pid
    try:
        code = ctypes.c_ulong()
        if not kernel32.GetExitCodeProcess(handle, ctypes.byref(code)):
            return True
        return code.value == 259                            # STILL_ACTIVE
    finally:
        kernel32.CloseHandle(handle)


def _side_files(staged: str) -> list:
    """The files of a staged output: itself and its siblings of the same stem (.shp/.dbf…)."""
    stage, name = os.path.split(staged)
    stem = os.path.splitext(name)[0]
    files = [f for f in os.listdir(stage) if f != name and (
        os.path.splitext(f)[0] == stem or f.startswith(name + "-"))]
    return sorted(files) + ([name] if os.path.exists(staged) else [])   # the main file last


def place(staged: str, destination: str) -> None:
    """Rename a staged output (and its side files) over ``destination``; remove the stage."""
    stage = os.path.dirname(staged)
    target = os.path.dirname(os.path.abspath(destination))
    stem = os.path.splitext(os.path.basename(destination))[0]
    for f in _side_files(staged):
        suffix = f[len(os.path.splitext(os.path.basename(staged))[0]):]
        os.replace(os.path.join(stage, f), os.path.join(target, stem + suffix))
    discard(staged)


def discard(staged: str) -> None:
    """Remove a staged output and its temporary directory (a failed run)."""
    with contextlib.suppress(OSError):
        shutil.rmtree(os.path.dirname(staged))
