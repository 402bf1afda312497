"""The repository tracks no virtualenv and no link to this machine (a tracked `.venv` link once
replaced the shared virtualenv by a link to itself on checkout)."""
import os
import subprocess

from ..support import ROOT


def _tracked():
    run = subprocess.run(["git", "ls-files", "-s"], cwd=ROOT, capture_output=True, text=True)
    assert run.returncode == 0, "the tests run from a git checkout: " + run.stderr
    return [line.split(None, 3) for line in run.stdout.splitlines()]


def test_no_virtualenv_or_absolute_link_is_tracked():
    entries = _tracked()
    assert len(entries) > 100                       # the index was read
    venvs = [path for *_, path in entries if path.split("/")[0].startswith(".venv")]
    links = [path for mode, sha, _stage, path in entries if mode == "120000" and os.path.isabs(
        subprocess.run(["git", "cat-file", "-p", sha], cwd=ROOT, capture_output=True,
                       text=True).stdout)]
    assert not venvs, f"virtualenvs tracked: {venvs}"
    assert not links, f"links to absolute paths tracked: {links}"
