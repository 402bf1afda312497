"""Where a GeoPackage output keeps its style, so that the file loads styled in any QGIS.

A GeoPackage that holds one layer gets its style as a sidecar ``<name>.qml`` beside it: QGIS
applies a layer's ``<file stem>.qml`` as its default style when it opens the file. A style
stored inside the file (the ``layer_styles`` table written by QGIS's *Save to Database*) would
be listed by *Add Vector Layer* as a second item, which opens the *Select Items to Add* dialog
for a file with one layer. A GeoPackage that holds several layers (several outputs written into
one file) lists its layers anyway, and one sidecar cannot style each: there each layer's style
is stored in the file, as QGIS's own *Save to Database* does.

Either way the style is marked as Mobility DP's, so the plugin's layer hook
(:mod:`.layer_hook`) can recognise it without touching any other file.
"""
from __future__ import annotations

import contextlib
import os
import sqlite3
import xml.etree.ElementTree as ElementTree

from qgis.core import QgsProviderRegistry, QgsVectorLayer

from .field_types import save_style_to_database
from .i18n import tr

#: The style name under which an output's style is stored in its GeoPackage.
STYLE_NAME = "mobilitydp"
#: The layer property that marks a sidecar style as Mobility DP's.
STYLE_MARK = "mobilitydp/default_style"


def geopackage_uri(layer_id: str):
    """The OGR URI of a GeoPackage file output, or None for other outputs."""
    path = (layer_id or "").split("|")[0]
    if path.startswith("ogr:"):
        return None
    return layer_id if path.lower().endswith(".gpkg") and os.path.exists(path) else None


def sidecar_path(path: str) -> str:
    """The ``.qml`` QGIS reads as the default style of the layers of file ``path``."""
    return os.path.splitext(path)[0] + ".qml"


def _query(path: str, sql: str, arguments=()) -> list:
    """The rows of ``sql`` on GeoPackage ``path`` opened read-only; [] when it cannot be read
    (locked, not a GeoPackage, no such table)."""
    try:
        with contextlib.closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True,
                                                timeout=1)) as db:
            return db.execute(sql, arguments).fetchall()
    except sqlite3.Error:
        return []


def _tables(path: str) -> list:
    """The data tables of GeoPackage ``path`` (system tables left out)."""
    return [r[0] for r in _query(path, "SELECT table_name FROM gpkg_contents "
                                       "WHERE table_name != 'layer_styles'")]


def _parts(uri: str):
    parts = QgsProviderRegistry.instance().decodeUri("ogr", uri)
    return parts.get("path") or "", parts.get("layerName") or ""


def save_default_style(uri: str, style_function) -> str:
    """Store ``style_function``'s style as the default style of a GeoPackage layer: a sidecar
    ``.qml`` if the file holds this layer only, else in the file. Returns an error message
    ("" on success). All style categories are stored, temporal properties included."""
    layer = QgsVectorLayer(uri, "output", "ogr")
    if not layer.isValid():
        return f"cannot open {uri} to store its style"
    style_function(layer)
    path = _parts(uri)[0]
    if len(_tables(path)) == 1:
        layer.setCustomProperty(STYLE_MARK, STYLE_NAME)
        message, stored = layer.saveNamedStyle(sidecar_path(path))
        message = "" if stored else message
    else:
        message = save_style_to_database(layer, STYLE_NAME, "Mobility DP default style", True)
    del layer
    return message


def store_default_styles(styles, feedback=None) -> None:
    """Store each GeoPackage output's style as its default style (warn on failure)."""
    for layer_id, style_function in styles:
        uri = geopackage_uri(layer_id)
        if uri is None:
            continue
        message = save_default_style(uri, style_function)
        if message and feedback is not None:
            feedback.pushWarning(tr("Could not store the style in {uri}: {message}").format(
                uri=uri, message=message))


def _marked_sidecar(path: str) -> bool:
    """True if ``path`` is a style file that carries Mobility DP's mark."""
    try:
        root = ElementTree.parse(path).getroot()
    except (OSError, ElementTree.ParseError):
        return False
    return any(STYLE_MARK in (e.get("name"), e.get("key")) and STYLE_NAME in (
        e.get("value"), e.text) for e in root.iter())


def _stored_in_file(path: str, table: str) -> bool:
    """True if GeoPackage ``path`` holds Mobility DP's default style for ``table``."""
    return bool(_query(path, "SELECT 1 FROM layer_styles WHERE styleName = ? AND "
                             "f_table_name = ? AND useAsDefault LIMIT 1", (STYLE_NAME, table)))


def has_own_style(source: str) -> bool:
    """True if OGR ``source`` is a GeoPackage table whose default style Mobility DP stored
    (as a sidecar, or in the file: a file of several layers, or written by an earlier
    version)."""
    path, table = _parts(source)
    if not path.lower().endswith(".gpkg") or not os.path.isfile(path):
        return False
    tables = _tables(path)
    table = table or (tables[0] if len(tables) == 1 else "")
    if table not in tables:
        return False
    if len(tables) == 1 and _marked_sidecar(sidecar_path(path)):
        return True
    return _stored_in_file(path, table)
