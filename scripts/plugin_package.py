"""Release metadata and the plugin repository's upload rules, for scripts/package.

``python3 scripts/plugin_package.py metadata SRC DEST [--release]`` writes DEST (the zip's
metadata.txt) from SRC with ``changelog`` built from CHANGELOG.md, the repository and tracker
URLs taken from MOBILITYDP_REPOSITORY / MOBILITYDP_TRACKER when set.
``python3 scripts/plugin_package.py check ZIP [--release]`` checks a built zip against the rules
the official plugin repository (plugins.qgis.org) applies on upload, as its validator states them
(qgis/QGIS-Django, qgis-app/plugins/validator.py): size, paths, forbidden files and folders, the
top folder's name, __init__.py, metadata.txt with the required keys, icon, LICENSE, author, URLs.
Offline, it cannot do the validator's last step (an HTTP request to each URL). ``--release``
also refuses the placeholder URLs (``*.invalid``) kept in metadata.txt until the project has a
public repository.
"""
from __future__ import annotations

import configparser
import os
import re
import sys
import zipfile
from urllib.parse import urlparse

MAX_SIZE = 25_000_000
REQUIRED = ("name", "description", "version", "qgisMinimumVersion", "author", "email", "about",
            "tracker", "repository")
URL_KEYS = ("tracker", "repository", "homepage")
VERSION = re.compile(r"^\d+\.\d+\.\d+$")
HEADING = re.compile(r"^## (\d+\.\d+\.\d+) — (.+)$")
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def changelog_entries(path: str = os.path.join(ROOT, "CHANGELOG.md")) -> list:
    """[(version, date, [bullet, ...]), ...] newest first; ValueError if versions do not decrease."""
    entries = []
    with open(path, encoding="utf-8") as fh:
        for line in fh:
            heading = HEADING.match(line.rstrip())
            if heading:
                entries.append((heading.group(1), heading.group(2), []))
            elif line.startswith("- ") and entries:
                entries[-1][2].append(line[2:].strip())
            elif line.startswith("  ") and entries and entries[-1][2]:
                entries[-1][2][-1] += " " + line.strip()
    keys = [tuple(int(p) for p in v.split(".")) for v, _, _ in entries]
    if not entries or any(a <= b for a, b in zip(keys, keys[1:])):
        raise ValueError(f"CHANGELOG.md: versions must decrease from the top, got {[e[0] for e in entries]}")
    return entries


def read_metadata(text: str) -> configparser.ConfigParser:
    parser = configparser.ConfigParser(interpolation=None)
    parser.optionxform = str
    parser.read_string(text)
    return parser


def _url_problems(general, release: bool) -> list:
    out = []
    for key in URL_KEYS:
        url = general.get(key)
        if url is None:
            continue
        parsed = urlparse(url)
        if not (parsed.scheme in ("http", "https") and parsed.netloc):
            out.append(f"{key} is not a valid URL: {url!r}")
        elif release and parsed.netloc.endswith(".invalid"):
            out.append(f"{key} is a placeholder ({url}): set MOBILITYDP_{key.upper()} to the "
                       "real address before uploading")
    return out


def write_metadata(src: str, dest: str, release: bool = False) -> None:
    with open(src, encoding="utf-8") as fh:
        parser = read_metadata(fh.read())
    general = parser["general"]
    entries = changelog_entries()
    if general["version"] != entries[0][0]:
        raise SystemExit(f"metadata.txt version {general['version']} is not the newest "
                         f"CHANGELOG.md version {entries[0][0]}")
    general["changelog"] = "\n" + "\n".join(
        f"{v} ({date}): " + " ".join(bullets) for v, date, bullets in entries)
    for key in ("repository", "tracker"):
        if os.environ.get(f"MOBILITYDP_{key.upper()}"):
            general[key] = os.environ[f"MOBILITYDP_{key.upper()}"]
    problems = _url_problems(general, release)
    if release and not re.match(r"^\d{4}-\d{2}-\d{2}$", entries[0][1]):
        problems.append(f"CHANGELOG.md's {entries[0][0]} is dated {entries[0][1]!r}: give it the "
                        "release date (YYYY-MM-DD) before a release build")
    if problems:
        raise SystemExit("; ".join(problems))
    with open(dest, "w", encoding="utf-8") as fh:
        parser.write(fh)


def check_zip(path: str, release: bool = False) -> list:
    """Every upload rule the zip breaks (empty when it passes)."""
    problems = []
    if os.path.getsize(path) > MAX_SIZE:
        problems.append(f"zip is {os.path.getsize(path)} bytes, the limit is {MAX_SIZE}")
    with zipfile.ZipFile(path) as zf:
        names = zf.namelist()
        for name in names:
            if ".." in name or name.startswith("/"):
                problems.append(f"path information in the zip: {name}")
            if ".pyc" in name:
                problems.append(f".pyc file in the zip: {name}")
            for bad in ("__MACOSX", ".git", "__pycache__"):
                if bad in name.split("/"):
                    problems.append(f"forbidden folder {bad} in the zip: {name}")
        if zf.testzip() is not None:
            problems.append("bad zip (CRC error)")
        tops = {n.split("/")[0] for n in names}
        if len(tops) != 1:
            return problems + [f"the zip must hold one top folder, it holds {sorted(tops)}"]
        top = tops.pop()
        if not re.match(r"^[A-Za-z][A-Za-z0-9-_]+$", top):
            problems.append(f"top folder name {top!r} is not allowed")
        for required in ("__init__.py", "metadata.txt", "LICENSE"):
            if f"{top}/{required}" not in names:
                problems.append(f"{required} missing from the zip")
        if f"{top}/metadata.txt" not in names:
            return problems
        general = read_metadata(zf.read(f"{top}/metadata.txt").decode("utf-8"))["general"]
        problems += [f"metadata.txt has no {key}" for key in REQUIRED if not general.get(key)]
        if not VERSION.match(general.get("version", "")):
            problems.append(f"version {general.get('version')!r} is not major.minor.patch")
        if "/" in general.get("author", ""):
            problems.append("author contains a slash")
        if general.get("icon") and f"{top}/{general['icon'].lstrip('./')}" not in names:
            problems.append(f"icon {general['icon']} is not in the zip")
        if not general.get("changelog"):
            problems.append("metadata.txt has no changelog")
        problems += _url_problems(general, release)
    return problems


def main(argv) -> int:
    release = "--release" in argv
    args = [a for a in argv[1:] if a != "--release"]
    if args[:1] == ["metadata"] and len(args) == 3:
        write_metadata(args[1], args[2], release)
        return 0
    if args[:1] == ["check"] and len(args) == 2:
        problems = check_zip(args[1], release)
        for p in problems:
            print(f"package: {p}", file=sys.stderr)
        return 1 if problems else 0
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
