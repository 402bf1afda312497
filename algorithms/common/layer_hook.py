"""What the plugin does when a layer is added to the project (connected in ``plugin.initGui``).

QGIS 3.22 applies a GeoPackage's default style when a layer is added, but not its temporal
part. For layers whose default style Mobility DP stored (``outputs.save_default_style``) the
hook reloads that style fully. Every other layer is left alone: it is recognised by reading
the GeoPackage's ``layer_styles`` table read-only, never through ``listStylesInDatabase()``,
which logs "No styles available on DB" for any GeoPackage without styles.
"""
from __future__ import annotations

import contextlib
import os
import sqlite3

from qgis.core import QgsProviderRegistry, QgsVectorLayer

#: The style name under which ``outputs.save_default_style`` stores an output's style.
STYLE_NAME = "mobilitydp"


def restore_temporal_style(layer) -> bool:
    """Apply a Mobility DP default style fully (temporal settings included) to ``layer``.

    Returns True if applied; any other layer is not touched.
    """
    if (not isinstance(layer, QgsVectorLayer) or layer.providerType() != "ogr" or
            layer.temporalProperties().isActive() or not has_own_style(layer.source())):
        return False
    return bool(layer.loadDefaultStyle()[1]) and layer.temporalProperties().isActive()


def has_own_style(source: str) -> bool:
    """True if OGR ``source`` is a GeoPackage table whose default style Mobility DP stored."""
    parts = QgsProviderRegistry.instance().decodeUri("ogr", source)
    path, table = parts.get("path") or "", parts.get("layerName") or ""
    if not path.lower().endswith(".gpkg") or not os.path.isfile(path):
        return False
    try:
        with contextlib.closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True,
                                                timeout=1)) as db:
            if not table:  # a file opened without a layer name: its only table
                tables = db.execute("SELECT table_name FROM gpkg_contents "
                                    "WHERE table_name != 'layer_styles'").fetchall()
                table = tables[0][0] if len(tables) == 1 else ""
            row = db.execute("SELECT 1 FROM layer_styles WHERE styleName = ? AND "
                             "f_table_name = ? AND useAsDefault LIMIT 1",
                             (STYLE_NAME, table)).fetchone()
    except sqlite3.Error:  # no layer_styles table, locked, not a GeoPackage
        return False
    return row is not None
