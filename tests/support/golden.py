"""Digests of algorithm outputs that survive a refactoring and nothing else.

A digest is a SHA-256 of an output's content in a canonical form: for a vector file, every
layer's fields, features in file order and geometries as WKT; numbers with 9 significant digits
(a refactoring that changes a value in the tenth digit is still caught by the eighth). For a
text file (HTML, JSON, CSV), the text with the run's folder replaced by ``<OUT>`` (and other temporary files, such as a
model's intermediate outputs, by ``<TMP>``), embedded
images dropped (matplotlib's PNG bytes are not part of the contract) and clock times masked.
"""
import hashlib
import json
import math
import os
import re
import tempfile

_IMAGE = re.compile(r"data:image/[a-z]+;base64,[A-Za-z0-9+/=]+")
_CLOCK = re.compile(r"\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:?\d{2})?")
_TEMPORARY = re.compile(re.escape(tempfile.gettempdir()) + r"/[^\s\"'<>]*")
_NUMBER = re.compile(r"-?\d+\.\d+(e[+-]?\d+)?")


def _number(value):
    if isinstance(value, float):
        if math.isnan(value):
            return "nan"
        return f"{value:.9g}"
    return value


def _canonical_value(value):
    from qgis.PyQt.QtCore import QDate, QDateTime, QTime
    if isinstance(value, (QDateTime, QDate, QTime)):
        return value.toString("yyyy-MM-ddTHH:mm:ss") if isinstance(value, QDateTime) \
            else value.toString()
    if value is None or (hasattr(value, "isNull") and value.isNull()):
        return None
    if isinstance(value, (list, tuple)):
        return [_canonical_value(v) for v in value]
    return _number(value)


def vector_digest(path) -> dict:
    """{layer name: digest} of every layer of a vector file (styles tables left out)."""
    from osgeo import ogr
    from qgis.core import QgsVectorLayer
    source = ogr.Open(path)
    names = [source.GetLayer(i).GetName() for i in range(source.GetLayerCount())]
    source = None
    out = {}
    for name in names:
        if name in ("layer_styles", "qgis_projects"):
            continue
        layer = QgsVectorLayer(f"{path}|layername={name}", name, "ogr")
        fields = layer.fields().names()
        rows = [fields, layer.crs().authid()]
        for feature in layer.getFeatures():
            geometry = feature.geometry()
            wkt = "" if geometry.isNull() else _NUMBER.sub(
                lambda m: f"{float(m.group()):.9g}", geometry.asWkt(12))
            rows.append([_canonical_value(v) for v in feature.attributes()] + [wkt])
        text = json.dumps(rows, default=str)
        out[name] = hashlib.sha256(text.encode()).hexdigest()[:16]
    return out


def text_digest(path, run_dir) -> str:
    with open(path, encoding="utf-8", errors="replace") as fh:
        text = fh.read()
    text = text.replace(os.path.realpath(run_dir), "<OUT>").replace(str(run_dir), "<OUT>")
    text = _TEMPORARY.sub("<TMP>", _CLOCK.sub("<TIME>", _IMAGE.sub("<IMAGE>", text)))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def output_digest(path, run_dir):
    """The digest of one output file (a dict per layer for vector files)."""
    if path.endswith((".gpkg", ".geojson", ".shp")):
        return vector_digest(path)
    return text_digest(path, run_dir)
