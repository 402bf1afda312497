"""Run the QGIS desktop under Xvfb with a fresh profile, the plugin enabled and a startup snippet.

Reusable by every GUI check (the dialog tier, translated screenshots, a budget panel):

    from desktop import run_desktop
    result = run_desktop(SNIPPET, timeout=300, env={"LANG": "fr_FR.UTF-8"}, locale="fr")

or from a shell (the snippet is a Python file):

    .venv/bin/python tests/gui/desktop.py my_snippet.py [--timeout 300] [--locale fr]

A snippet is plain Python run by ``qgis --code`` once the main window is up. It defines
``main(h)``, a generator driven by Qt timers, so QGIS keeps processing events between steps:

    def main(h):
        dlg = h.dialog("native:buffer", {...})   # an algorithm dialog, shown at its default size
        yield from h.run_dialog(dlg)              # click Run, wait until the results are handled
        h.result["log"] = h.dialog_log(dlg)       # anything JSON-serialisable
        yield 0.5                                 # seconds to let QGIS process events
        yield h.until(lambda: cond(), 30)         # wait for a condition (timeout in s)

``h.messages`` lists every message-log entry (from the first plugin load on, captured by the
PYQGIS_STARTUP script) as {"tag", "level", "message"}; ``h.mark()`` / ``h.messages_since(mark)``
take the ones a step caused. ``h.shot(widget, path)`` saves a screenshot. An exception in
``main`` is recorded in ``errors`` (with its traceback) and ends the run. A modal window that
opens (a message box, "Select Items to Add") is recorded in ``modals`` and closed. The returned
dict has ``status`` ("done", "error", "timeout", "running" if QGIS died or hung), ``result`` (what
the snippet stored, saved after every step), ``messages``, ``modals``, ``errors``, ``stdout``
(QGIS's console) and ``returncode``.
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
QGIS = "/usr/bin/qgis"
SCREEN = "1400x900x24"

#: Run by QGIS (PYQGIS_STARTUP) when Python starts, before any plugin loads: captures the log.
_STARTUP = '''
import builtins
from qgis.core import QgsApplication
if not hasattr(builtins, "_gui_messages"):   # QGIS may run the startup script twice
    builtins._gui_messages = []
    def _record(message, tag, level):
        builtins._gui_messages.append({"tag": tag, "level": int(level), "message": message})
    QgsApplication.messageLog().messageReceived.connect(_record)
'''

#: Prepended to the snippet: the driver of ``main(h)``.
_HARNESS = '''
import builtins, json, os, traceback, time
from qgis.core import QgsApplication
from qgis.PyQt.QtCore import QTimer
from qgis.utils import iface

class _Until:
    def __init__(self, cond, timeout):
        self.cond, self.deadline = cond, time.time() + timeout

class Harness:
    def __init__(self, out):
        self.out, self.result, self.errors, self.modals = out, {}, [], []
        self.messages = getattr(builtins, "_gui_messages", None)
        if self.messages is None:  # PYQGIS_STARTUP did not run: capture from now on
            exec(_STARTUP_SOURCE)
            self.messages = builtins._gui_messages
        self.iface = iface
    def until(self, cond, timeout=60):
        return _Until(cond, timeout)
    def mark(self):
        return len(self.messages)
    def messages_since(self, mark):
        return self.messages[mark:]
    def dialog(self, alg_id, parameters=None):
        import processing
        dlg = processing.createAlgorithmDialog(alg_id, parameters or {})
        dlg.show()
        QgsApplication.processEvents()
        return dlg
    def run_dialog(self, dlg, timeout=180):
        """Click Run in ``dlg`` and wait until QGIS has handled the results (loaded layers)."""
        dlg.feedback = None
        dlg.runAlgorithm()
        yield 0.2
        yield self.until(lambda: getattr(dlg, "feedback", None) is None, timeout)
        yield 0.3
    def dialog_log(self, dlg):
        from qgis.PyQt.QtWidgets import QTextEdit
        log = dlg.findChild(QTextEdit, "txtLog")
        return log.toPlainText() if log is not None else ""
    def shot(self, widget, path):
        QgsApplication.processEvents()
        os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
        return bool(widget.grab().save(path))

def _save(h, status):
    with open(h.out + ".tmp", "w") as f:
        json.dump({"status": status, "result": h.result, "errors": h.errors,
                   "messages": h.messages, "modals": h.modals}, f, indent=1, default=str)
    os.replace(h.out + ".tmp", h.out)

def _finish(h, status):
    _save(h, status)
    os._exit(0)  # QGIS 3.22 may crash while tearing down under Xvfb: the result is saved

def _drive(h, gen):
    try:
        _save(h, "running")
        step = next(gen)
    except StopIteration:
        return _finish(h, "done")
    except Exception:
        h.errors.append(traceback.format_exc())
        return _finish(h, "error")
    if isinstance(step, _Until):
        def poll():
            try:
                ok = step.cond()
            except Exception:
                h.errors.append(traceback.format_exc())
                return _finish(h, "error")
            if ok:
                _drive(h, gen)
            elif time.time() > step.deadline:
                h.errors.append("timed out waiting")
                try:
                    gen.throw(TimeoutError("timed out waiting"))
                except Exception:
                    pass
                _finish(h, "timeout")
            else:
                QTimer.singleShot(100, poll)
        QTimer.singleShot(100, poll)
    else:
        QTimer.singleShot(int(1000 * float(step or 0)), lambda: _drive(h, gen))

def _watch_modal(h):
    """A modal window (message box, "Select Items to Add"...) blocks a user: record it, close it."""
    from qgis.PyQt.QtWidgets import QApplication, QLabel, QProgressBar
    w = QApplication.activeModalWidget()
    if w is not None and w.findChild(QProgressBar) is None:  # not Processing's progress dialog
        texts = [lab.text() for lab in w.findChildren(QLabel) if lab.text()]
        h.modals.append({"title": w.windowTitle(), "class": type(w).__name__, "texts": texts})
        w.reject() if hasattr(w, "reject") else w.close()
    QTimer.singleShot(500, lambda: _watch_modal(h))

def _start():
    h = Harness(os.environ["GUI_RESULT"])
    _watch_modal(h)
    try:
        gen = main(h)
    except Exception:
        h.errors.append(traceback.format_exc())
        return _finish(h, "error")
    _drive(h, gen)

QTimer.singleShot(int(os.environ.get("GUI_START_DELAY_MS", "1500")), _start)
'''


def _profile(base: str, locale: str | None) -> str:
    """A fresh QGIS profile with the plugin enabled (and the UI locale, if given)."""
    config = os.path.join(base, "profile")
    ini_dir = os.path.join(config, "profiles", "default", "QGIS")
    os.makedirs(ini_dir)
    lines = ["[PythonPlugins]", "mobility_dp=true", ""]
    if locale:
        lines += ["[locale]", "overrideFlag=true", f"userLocale={locale}", ""]
    with open(os.path.join(ini_dir, "QGIS3.ini"), "w") as f:
        f.write("\n".join(lines))
    return config


def shots_folder(tmp_path_factory) -> str:
    """Where the GUI tier saves its screenshots: ``$GUI_SHOTS`` when set (``make screenshots``
    sets it to docs/), else a temporary folder, so a test run leaves the checkout unchanged."""
    shots = os.environ.get("GUI_SHOTS")
    return os.path.abspath(shots) if shots else str(tmp_path_factory.mktemp("shots"))


def run_desktop(snippet: str, *, timeout: float = 300, env: dict | None = None,
                locale: str | None = None, keep: str | None = None) -> dict:
    """Run ``snippet`` (Python source defining ``main(h)``) in a fresh QGIS desktop."""
    base = tempfile.mkdtemp(prefix="mobilitydp-gui-")
    try:
        plugins = os.path.join(base, "plugins")
        os.makedirs(plugins)
        os.symlink(ROOT, os.path.join(plugins, "mobility_dp"))
        config = _profile(base, locale)
        script = os.path.join(base, "snippet.py")
        with open(script, "w") as f:
            f.write(snippet + "\n_STARTUP_SOURCE = " + repr(_STARTUP) + "\n" + _HARNESS)
        startup = os.path.join(base, "startup.py")
        with open(startup, "w") as f:
            f.write(_STARTUP)
        out = os.path.join(base, "result.json")
        run_env = {k: v for k, v in os.environ.items() if k != "QT_QPA_PLATFORM"}
        run_env.update({"QGIS_PLUGINPATH": plugins, "QGIS_CUSTOM_CONFIG_PATH": config,
                        "GUI_RESULT": out, "PYTHONDONTWRITEBYTECODE": "1",
                        "PYQGIS_STARTUP": startup})
        run_env.update(env or {})
        # the first display number tried (-a then takes the next free one): X servers share
        # their abstract socket names across chroots, so the version matrix gives each root
        # its own range (GUI_XVFB_SERVERNUM)
        cmd = ["xvfb-run", "-a", "-n", os.environ.get("GUI_XVFB_SERVERNUM", "99"),
               "-s", f"-screen 0 {SCREEN}", QGIS, "--nologo",
               "--noversioncheck", "--code", script]
        try:
            proc = subprocess.run(cmd, capture_output=True, text=True, env=run_env,
                                  timeout=timeout, cwd=base)
            code, stdout = proc.returncode, proc.stdout + proc.stderr
        except subprocess.TimeoutExpired as exc:
            code, stdout = None, f"QGIS did not exit within {timeout} s\n{exc.stdout or ''}"
        result = {"status": "no result", "result": {}, "errors": [], "messages": [], "modals": []}
        if os.path.exists(out):
            with open(out) as f:
                result = json.load(f)
        result.update(returncode=code, stdout=stdout)
        return result
    finally:
        if keep:
            shutil.copytree(base, keep, dirs_exist_ok=True, symlinks=True)
        shutil.rmtree(base, ignore_errors=True)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("snippet", help="Python file defining main(h)")
    parser.add_argument("--timeout", type=float, default=300)
    parser.add_argument("--locale", default=None, help="QGIS UI locale, e.g. fr")
    args = parser.parse_args(argv)
    with open(args.snippet) as f:
        result = run_desktop(f.read(), timeout=args.timeout, locale=args.locale)
    json.dump(result, sys.stdout, indent=1, default=str)
    sys.stdout.write("\n")
    return 0 if result["status"] == "done" and not result["errors"] else 1


if __name__ == "__main__":
    sys.exit(main())
