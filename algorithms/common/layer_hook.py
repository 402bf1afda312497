"""What the plugin does when a layer is added to the project (connected in ``plugin.initGui``).

QGIS 3.22 applies a GeoPackage's default style when a layer is added, but not its temporal
part. For layers whose default style Mobility DP stored (:mod:`.default_style`: a marked
sidecar ``.qml``, or a row of the GeoPackage's ``layer_styles`` table) the hook reloads that
style fully. Every other layer is left alone: the style is recognised by reading files
read-only, never through ``listStylesInDatabase()``, which logs "No styles available on DB"
for any GeoPackage without styles.
"""
from __future__ import annotations

from qgis.core import QgsVectorLayer

from .default_style import has_own_style


def restore_temporal_style(layer) -> bool:
    """Apply a Mobility DP default style fully (temporal settings included) to ``layer``.

    Returns True if applied; any other layer is not touched.
    """
    if (not isinstance(layer, QgsVectorLayer) or layer.providerType() != "ogr" or
            layer.temporalProperties().isActive() or not has_own_style(layer.source())):
        return False
    return bool(layer.loadDefaultStyle()[1]) and layer.temporalProperties().isActive()
