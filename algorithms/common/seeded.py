"""A seeded run marks every output layer it writes, in the layer's own metadata.

A seed makes the noise reproducible (``dpcore.random.rng.make_rng``): the run is for tests and demos,
not for publication. Its reports and ledger entry say so; so must the layers, which travel
without the report. Each vector output gets :data:`dpcore.accounting.contract.SEEDED_NOTE` at the head of
its description: in a GeoPackage the layer's ``gpkg_contents.description`` (GDAL's
``DESCRIPTION``, which QGIS shows as the layer's abstract), in a layer held by the run's
context (``memory:``, temporary outputs) its :class:`QgsLayerMetadata` abstract. A run is
seeded when SEED is set or when it releases the tables of a seeded ``scripts/spark-bound``
run (their keyed hash is reproducible too).
"""
from __future__ import annotations

import os

from qgis.core import QgsProcessingUtils, QgsVectorLayer

from ...dpcore.accounting.contract import SEEDED_NOTE


def is_seeded_record(record: dict) -> bool:
    """True for the record of a ``scripts/spark-bound --seed`` table."""
    return "seed" in record or str(record.get("randomness", "")).startswith("seeded")


def marked(text: str, note: str = SEEDED_NOTE) -> str:
    """``text`` with ``note`` at its head (once)."""
    text = text or ""
    return text if text.startswith(note) else note + (f". {text}" if text else "")


def mark_outputs(results: dict, context, note: str = SEEDED_NOTE) -> list:
    """Put ``note`` at the head of the description of every vector output of ``results``
    (file paths, GeoPackage URIs or layer ids of the context): the seeded mark, or what an
    output's fields mean (:attr:`MobilityDPAlgorithm.layer_notes`); returns what was marked."""
    done = []
    for value in results.values():
        if not isinstance(value, str) or not value:
            continue
        layer = QgsProcessingUtils.mapLayerFromString(value, context, False)
        if isinstance(layer, QgsVectorLayer) and layer.providerType() == "memory":
            metadata = layer.metadata()
            metadata.setAbstract(marked(metadata.abstract(), note))
            layer.setMetadata(metadata)
            done.append(value)
        elif _mark_file(value, note):
            done.append(value)
    return done


def _mark_file(value: str, note: str) -> bool:
    from osgeo import gdal
    path, _, options = value.partition("|")
    if not path.lower().endswith(".gpkg") or not os.path.exists(path):
        return False
    name = options.split("layername=", 1)[1].split("|")[0] if "layername=" in options else None
    source = gdal.OpenEx(path, gdal.OF_VECTOR | gdal.OF_UPDATE)
    if source is None:
        return False
    try:
        layers = ([source.GetLayerByName(name)] if name else
            [source.GetLayer(i) for i in range(source.GetLayerCount())])
        for layer in (lr for lr in layers if lr is not None):
            if layer.GetName() in ("layer_styles", "qgis_projects"):
                continue
            layer.SetMetadataItem("DESCRIPTION", marked(layer.GetMetadataItem("DESCRIPTION"),
                                                        note))
    finally:
        source = None
    return True
