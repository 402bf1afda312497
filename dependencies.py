"""The Python packages the plugin needs, and what to tell a user who lacks them.

A plain QGIS install may come without shapely or networkx (Debian's ``qgis``
package pulls neither). The plugin then loads, registers nothing, and shows
one message with the install command for the platform: no traceback.
"""
from __future__ import annotations

import importlib
import sys

#: import name → Debian/Ubuntu package
REQUIRED = {"numpy": "python3-numpy", "scipy": "python3-scipy",
            "shapely": "python3-shapely", "networkx": "python3-networkx"}


def missing_packages() -> list:
    """The required packages that cannot be imported, in :data:`REQUIRED` order."""
    missing = []
    for name in REQUIRED:
        try:
            importlib.import_module(name)
        except Exception:  # ImportError, or a broken install failing at import
            missing.append(name)
    return missing


def install_command(missing, platform: str = sys.platform) -> str:
    """The command that installs ``missing`` for QGIS's Python on ``platform``."""
    pip = " ".join(missing)
    if platform.startswith("win"):
        return f"in the OSGeo4W Shell (Start menu): python -m pip install {pip}"
    if platform == "darwin":
        return f"/Applications/QGIS.app/Contents/MacOS/bin/python3 -m pip install {pip}"
    apt = " ".join(REQUIRED[name] for name in missing)
    return (f"sudo apt install {apt} (Debian, Ubuntu; other Linux: the same packages from "
            f"your distribution, or python3 -m pip install --user {pip})")


def missing_message(missing, platform: str = sys.platform) -> str:
    """One message: what is missing, that nothing was registered, how to install it."""
    return (f"Mobility DP needs the Python package{'s' if len(missing) > 1 else ''} "
            f"{', '.join(missing)}, which QGIS's Python cannot import. Its algorithms were not "
            f"added to the Processing toolbox. Install {'them' if len(missing) > 1 else 'it'}, "
            f"then restart QGIS: {install_command(missing, platform)}")
