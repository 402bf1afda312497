"""The ledger's dataset id of a data source: stable, engine-independent, credential-free.

* A file (path, relative path, symlink, ``file://`` URL, OGR URI with
  ``|layername=`` decorations): its normalised absolute real path, so the same
  file has the same id whichever engine or layer name reads it (QGIS, the
  direct GDAL reader, both jobs of ``scripts/spark-bound``, which record this id
  in their tables).
* A remote file a Spark job reads (``hdfs://``, ``s3a://``, ...): the URL
  without user, password, query or fragment.
* A database table (PostGIS, SpatiaLite, ... in QGIS's data source URI form
  ``dbname='…' host=… port=… user='…' password='…' table="schema"."table" (geom)``):
  ``postgres://host:port/dbname/schema.table`` (or the SpatiaLite file's path
  and table): host, database and table only, never a user name, password,
  authentication id or filter.
* A source with no stable identity (a memory or virtual layer, a URI that is
  neither): :class:`NoStableIdentity` — the run must name its dataset
  (``DATASET_ID``) when it charges a ledger.

:func:`migrate_id` maps the ids ledgers stored before version 2 (the whole
database URI, credentials included) to today's ids (:mod:`dpcore.accounting.ledger`).
"""
from __future__ import annotations

import hashlib
import os
import re
import urllib.parse

#: Keys of QGIS data source URIs that locate a database (never credentials).
_URI_PAIR = re.compile(r"""(\w+)=('(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"|\S+)""")
_TABLE = re.compile(r"""table=((?:"(?:[^"\\]|\\.)*"|[^\s."]+)(?:\.(?:"(?:[^"\\]|\\.)*"|[^\s."]+))?)""")
_REMOTE = re.compile(r"([A-Za-z][A-Za-z0-9+.-]+)://")
_CREDENTIALS = ("user", "username", "password", "authcfg", "pass", "pwd")


class NoStableIdentity(ValueError):
    """The source has no identity that survives a copy (memory, virtual layer)."""


def dataset_id(source: str, provider: str = "") -> str:
    """The default ledger dataset id of ``source`` (see the module docstring).

    ``provider`` is QGIS's provider key when known (``postgres``, ``spatialite``,
    ``memory``, ``virtual``, ``ogr``, ``delimitedtext``...). Raises
    :class:`NoStableIdentity` for memory and virtual layers and for text that
    is neither a file nor a database URI.
    """
    text = str(source).strip()
    if not text:
        raise ValueError("an empty data source has no dataset id")
    if (provider in ("memory", "virtual") or text.startswith("memory?") or
            (provider == "" and text.startswith("?query="))):
        raise NoStableIdentity(_no_identity(provider or "memory or virtual"))
    if is_database_uri(text):
        return database_id(text, provider)
    remote = _REMOTE.match(text)
    if remote and remote.group(1).lower() != "file":
        url = urllib.parse.urlsplit(text)
        where = (url.hostname or "") + (f":{url.port}" if url.port else "")
        return urllib.parse.urlunsplit((url.scheme.lower(), where, url.path, "", ""))
    if text.lower().startswith("file:"):
        text = urllib.parse.unquote(urllib.parse.urlparse(text).path)
    path = os.path.abspath(os.path.expanduser(text.split("|")[0].strip()))
    if not os.path.exists(path):
        raise NoStableIdentity(
            f"the data source '{_redacted(text)}' is not a file this run can find, so it has no "
            "stable dataset id: give the dataset id (DATASET_ID) under which the ledger charges it")
    return os.path.normcase(os.path.realpath(path))


def public_name(ident: str) -> str:
    """The part of a dataset id a publishable text may show: a file's name (with its
    ``|table=``), a database's ``database/schema.table``, a remote file's name; never
    a local absolute path (the analyst's folders and user name) nor a host."""
    text = str(ident)
    path, bar, table = text.partition("|")
    if _REMOTE.match(path):
        path = urllib.parse.urlsplit(path).path
        if text.startswith(("postgres://", "postgres-service://")):
            return path.lstrip("/")
    return re.split(r"[/\\]", path.rstrip("/\\"))[-1] + bar + table


def is_database_uri(text: str) -> bool:
    """True for a QGIS database URI (``dbname=…`` / ``service=…`` with a table) or OGR ``PG:``."""
    keys = {k.lower() for k, _ in _URI_PAIR.findall(text)}
    return (text.startswith("PG:") or ("dbname" in keys and bool(keys & {"table", "host"})) or
        {"service", "table"} <= keys)


def database_id(uri: str, provider: str = "") -> str:
    """``scheme://host:port/database/schema.table``: the table's location, no credentials."""
    text = uri[3:] if uri.startswith("PG:") else uri
    pairs = {k.lower(): _unquote(v) for k, v in _URI_PAIR.findall(text) if k.lower() != "table"}
    table_match = _TABLE.search(text)
    table = ""
    if table_match:
        table = ".".join(_unquote(p) for p in re.findall(r'"(?:[^"\\]|\\.)*"|[^\s."]+',
                                                          table_match.group(1)))
    dbname = pairs.get("dbname", "")
    if provider == "spatialite" or (dbname and os.path.exists(dbname) and "host" not in pairs):
        path = os.path.normcase(os.path.realpath(os.path.abspath(dbname)))
        return f"{path}|table={table}" if table else path
    if "service" in pairs:
        where = f"postgres-service://{pairs['service']}"
    else:
        where = f"postgres://{pairs.get('host') or 'localhost'}:{pairs.get('port') or '5432'}"
    return "/".join(p for p in (where, dbname, table or pairs.get("layer", "")) if p)


def migrate_id(old_id: str) -> str:
    """Today's id of a dataset id stored by a ledger before version 2 (unchanged if current)."""
    if is_database_uri(old_id):
        return database_id(old_id)
    return old_id


def fingerprint(text: str) -> str:
    """A short SHA-256 of ``text``: names an old id in the ledger without its credentials."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def _unquote(value: str) -> str:
    if len(value) >= 2 and value[0] == value[-1] and value[0] in "'\"":
        return re.sub(r"\\(.)", r"\1", value[1:-1])
    return value


def _redacted(text: str) -> str:
    """``text`` with the values of credential keys replaced by ``…``."""
    return _URI_PAIR.sub(lambda m: f"{m.group(1)}=…" if m.group(1).lower() in _CREDENTIALS
                         else m.group(0), text)


def _no_identity(kind: str) -> str:
    return (f"a {kind} layer has no stable identity (every copy would get a fresh privacy "
            "budget): give the dataset id (DATASET_ID) under which the ledger charges this data")


#: The ledger file version whose dataset ids are those of this module.
LEDGER_VERSION = 2


def migrate_ledger(data: dict) -> dict:
    """Bring a ledger's dataset ids to :data:`LEDGER_VERSION` (in place; returns ``data``).

    Version 1 keyed a database table by its whole URI (user and password
    included): each such dataset moves to its credential-free id, keeping its
    budget and entries, and remembers the old id only as a fingerprint. Two old
    ids that are now one dataset merge if their budgets agree, else the ledger
    is refused naming both (redacted): never a fresh budget.
    """
    if int(data.get("version", 1)) >= LEDGER_VERSION:
        return data
    datasets = {}
    for old, ds in data.get("datasets", {}).items():
        new = migrate_id(old)
        if new != old:
            ds = {**ds, "migrated_from": list(ds.get("migrated_from", [])) + [fingerprint(old)]}
        if new in datasets:
            kept = datasets[new]
            if kept["budget"] != ds["budget"]:
                raise ValueError(
                    f"the ledger holds two datasets, '{_redacted(old)}' and another, that are "
                    f"now the one dataset '{new}' but have different total budgets "
                    f"({kept['budget']} and {ds['budget']}): merge them by hand (keeping the "
                    "smaller budget) before charging it again")
            kept["entries"] = list(kept["entries"]) + list(ds["entries"])
            kept["migrated_from"] = kept.get("migrated_from", []) + ds.get("migrated_from", [])
        else:
            datasets[new] = ds
    data["datasets"] = datasets
    data["version"] = LEDGER_VERSION
    return data
