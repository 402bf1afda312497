"""Issue 30: the bad inputs of the fuzzing harness, drawn by hypothesis from a valid baseline.

Each mutation takes a hypothesis ``draw``, the algorithm, its baseline parameters and a
directory for input files, and returns ``(parameters, kind, must_name)``: ``must_name`` is
the words a refusal must say (the field or parameter at fault), or None when the algorithm
may handle the input (complete with valid outputs) or refuse it with any clear message.
Which mutations apply is read from the parameter definitions, so a new algorithm is
fuzzed without any change here.
"""
from __future__ import annotations

import math
import os

from hypothesis import strategies as st

NO_SUCH = "no_such_field"
NUMBERS = (0, -1, 1, 1e308, -1e308, 1e-308, 2 ** 63, -2 ** 31, 0.5, 1e9, float("nan"),
           float("inf"), float("-inf"))
TIMES = ("2026-03-29T02:30:00", "2026-03-29T02:30:00+01:00", "2026-10-25T02:30:00+02:00",
         "2026-10-25T02:30:00+01:00", "2026-05-25T10:00:00+14:00", "2026-05-25T10:00:00-12:00",
         "2026-05-25 10:00", "24:00", "", "not a time", "1970-01-01T00:00:00Z",
         "9999-12-31T23:59:59", "1189382400", "-1", "2026-02-30T10:00:00", "NaN")
TEXTS = ("", "é\u0301", "\u202e\u05d0\u05d1", "\U0001F600", "\ufffd\ufffd", "a\x00b",
         "x" * 5000, "caf\xe9".encode("latin-1").decode("latin-1"), " ", "NULL", "1e308")
STRINGS = ("", "abc", "1e308", "nan", ",,,", "-1", "0", "1,1,1", "5,2", "2026-13-45",
           "inf", "\u00e9t\u00e9", "1;2;3")
GEOMETRY_TYPES = {0: ("MultiPoint", "PointZM", "Point25D"),
                  1: ("MultiLineString", "LineStringZM", "CompoundCurve"),
                  2: ("MultiPolygon", "PolygonZM", "CurvePolygon", "MultiSurface")}


# -- layers ----------------------------------------------------------------------------------
def as_layer(value):
    """A fresh editable memory copy of a layer value (a layer or a path), or None."""
    from qgis.core import QgsFeatureRequest, QgsVectorLayer
    layer = value if isinstance(value, QgsVectorLayer) else QgsVectorLayer(str(value), "in",
                                                                          "ogr")
    if not layer.isValid():
        return None
    copy = layer.materialize(QgsFeatureRequest())
    copy.setName(layer.name() or "input")
    return copy


def rebuilt(layer, *, wkb=None, fields=None, features=None):
    """A memory layer like ``layer`` with another geometry type, fields or features."""
    from qgis.core import QgsFeature, QgsMemoryProviderUtils, QgsWkbTypes
    out = QgsMemoryProviderUtils.createMemoryLayer(
        layer.name(), fields if fields is not None else layer.fields(),
        wkb if wkb is not None else layer.wkbType(), layer.crs())
    feats = []
    for f in (features if features is not None else layer.getFeatures()):
        g = QgsFeature(out.fields())
        g.setAttributes(list(f.attributes())[:out.fields().count()] +
                        [None] * max(0, out.fields().count() - len(f.attributes())))
        if f.hasGeometry() and out.wkbType() != QgsWkbTypes.NoGeometry:
            g.setGeometry(f.geometry())
        feats.append(g)
    out.dataProvider().addFeatures(feats)
    return out


def _features(layer):
    from qgis.core import QgsFeature
    return [QgsFeature(f) for f in layer.getFeatures()]


def sources(alg):
    return [p for p in alg.parameterDefinitions() if p.type() in ("source", "vector")]


def fields_of(alg, parent=None):
    return [p for p in alg.parameterDefinitions() if p.type() == "field" and
            (parent is None or p.parentLayerParameterName() == parent)]


def _set(params, name, value):
    return dict(params, **{name: value})


# -- mutations -------------------------------------------------------------------------------
def missing_field(draw, alg, params, work):
    p = draw(st.sampled_from(fields_of(alg)))
    parent = params.get(p.parentLayerParameterName())
    value = [NO_SUCH] if p.allowMultiple() else NO_SUCH
    return _set(params, p.name(), value), f"missing field {p.name()}", \
        (NO_SUCH if parent is not None else None)


def wrong_type_field(draw, alg, params, work):
    """A numeric or date field parameter given a text field."""
    from qgis.core import QgsField

    from mobility_dp.algorithms.common.field_types import FieldType
    typed = [p for p in fields_of(alg) if p.dataType() in (0, 2) and
             params.get(p.parentLayerParameterName()) is not None]
    p = draw(st.sampled_from(typed))
    layer = as_layer(params[p.parentLayerParameterName()])
    fields = layer.fields()
    fields.append(QgsField("label_text", FieldType.String))
    out = rebuilt(layer, fields=fields)
    idx = out.fields().indexOf("label_text")
    out.dataProvider().changeAttributeValues({f.id(): {idx: draw(st.sampled_from(TEXTS))}
                                              for f in out.getFeatures()})
    value = ["label_text"] if p.allowMultiple() else "label_text"
    params = _set(params, p.parentLayerParameterName(), out)
    return _set(params, p.name(), value), f"text field for {p.name()}", "label_text"


def _source(draw, alg, params):
    names = [p.name() for p in sources(alg) if params.get(p.name()) is not None]
    name = draw(st.sampled_from(names))
    return name, as_layer(params[name])


def empty_or_few(draw, alg, params, work):
    name, layer = _source(draw, alg, params)
    feats = _features(layer)
    keep = draw(st.sampled_from((0, 1, 2)))
    return _set(params, name, rebuilt(layer, features=feats[:keep])), \
        f"{name} with {keep} features", None


def null_attributes(draw, alg, params, work):
    name, layer = _source(draw, alg, params)
    feats = _features(layer)
    share = draw(st.sampled_from((1.0, 0.5, 0.1)))
    for i, f in enumerate(feats):
        if i < math.ceil(share * len(feats)):
            f.setAttributes([None] * len(f.attributes()))
    return _set(params, name, rebuilt(layer, features=feats)), \
        f"{name} with {share:.0%} NULL rows", None


def duplicate_rows(draw, alg, params, work):
    name, layer = _source(draw, alg, params)
    feats = _features(layer)
    k = draw(st.integers(1, 3))
    return _set(params, name, rebuilt(layer, features=feats + feats[:k])), \
        f"{name} with {k} duplicated rows", None


def bad_geometries(draw, alg, params, work):
    """NULL, empty, invalid, degenerate and non-finite geometries among good ones."""
    from qgis.core import QgsGeometry, QgsWkbTypes
    name, layer = _source(draw, alg, params)
    if layer.wkbType() == QgsWkbTypes.NoGeometry:
        return empty_or_few(draw, alg, params, work)
    feats = _features(layer)
    kind = QgsWkbTypes.geometryType(layer.wkbType())
    centre = layer.extent().center()
    x, y = centre.x(), centre.y()
    bad = {"null": QgsGeometry(),
           "empty": QgsGeometry.fromWkt({0: "POINT EMPTY", 1: "LINESTRING EMPTY"}.get(
               kind, "POLYGON EMPTY")),
           "nan": QgsGeometry.fromWkt({0: "POINT(nan nan)", 1: "LINESTRING(nan nan, 1 1)"}.get(
               kind, "POLYGON((nan nan, 1 1, 2 2, nan nan))")),
           "invalid": QgsGeometry.fromWkt({
               0: f"POINT({x} {y})", 1: f"LINESTRING({x} {y}, {x} {y})"}.get(
               kind, f"POLYGON(({x} {y}, {x + 1} {y + 1}, {x + 1} {y}, {x} {y + 1}, {x} {y}))")),
           "degenerate": QgsGeometry.fromWkt({
               0: f"POINT({x} {y})", 1: f"LINESTRING({x} {y}, {x} {y})"}.get(
               kind, f"POLYGON(({x} {y}, {x + 1} {y}, {x + 2} {y}, {x} {y}))")),
           "far": QgsGeometry.fromWkt({0: "POINT(1e15 1e15)", 1: "LINESTRING(1e15 1e15, 0 0)"}
                                      .get(kind, "POLYGON((1e15 1e15, 1e15 0, 0 0, 1e15 1e15))"))}
    which = draw(st.lists(st.sampled_from(sorted(bad)), min_size=1, max_size=3, unique=True))
    for i, w in enumerate(which):
        if i < len(feats):
            feats[i].setGeometry(bad[w])
    return _set(params, name, rebuilt(layer, features=feats)), \
        f"{name} with {'/'.join(which)} geometries", None


def geometry_type(draw, alg, params, work):
    """Multipart, Z/M, curved geometries or mixed single/multi parts."""
    from qgis.core import QgsGeometry, QgsWkbTypes
    name, layer = _source(draw, alg, params)
    kind = QgsWkbTypes.geometryType(layer.wkbType())
    if kind not in GEOMETRY_TYPES:
        return empty_or_few(draw, alg, params, work)
    target = draw(st.sampled_from(GEOMETRY_TYPES[kind]))
    wkb = QgsWkbTypes.parseType(target)
    feats = _features(layer)
    for f in feats:
        g = f.geometry()
        if g.isNull():
            continue
        if QgsWkbTypes.isCurvedType(wkb):
            g = QgsGeometry(g.constGet().toCurveType())
        if QgsWkbTypes.hasZ(wkb):
            g.get().addZValue(35.0)
        if QgsWkbTypes.hasM(wkb):
            g.get().addMValue(7.0)
        if QgsWkbTypes.isMultiType(wkb):
            g.convertToMultiType()
        f.setGeometry(g)
    return _set(params, name, rebuilt(layer, wkb=wkb, features=feats)), \
        f"{name} as {target}", None


def lonlat_swapped(draw, alg, params, work):
    from qgis.core import QgsCoordinateReferenceSystem
    name, layer = _source(draw, alg, params)
    feats = _features(layer)
    for f in feats:
        if f.hasGeometry():
            g = f.geometry()
            g.get().swapXy()
            f.setGeometry(g)
    out = rebuilt(layer, features=feats)
    if draw(st.booleans()):
        out.setCrs(QgsCoordinateReferenceSystem("EPSG:4326"))
    return _set(params, name, out), f"{name} with x/y swapped", None


def odd_values(draw, alg, params, work):
    """Text attributes replaced by DST edges, offsets, garbage and odd Unicode."""
    from qgis.core import QgsField

    from mobility_dp.algorithms.common.field_types import FieldType
    name, layer = _source(draw, alg, params)
    chosen = [params.get(p.name()) for p in fields_of(alg, name)]
    chosen = [c for c in chosen if isinstance(c, str) and c in layer.fields().names()]
    if not chosen:
        return null_attributes(draw, alg, params, work)
    field = draw(st.sampled_from(chosen))
    values = draw(st.lists(st.sampled_from(TIMES + TEXTS), min_size=1, max_size=4))
    fields = layer.fields()
    new_fields = type(fields)()
    for f in fields:
        new_fields.append(QgsField(f.name(), FieldType.String) if f.name() == field else f)
    out = rebuilt(layer, fields=new_fields)
    idx = out.fields().indexOf(field)
    out.dataProvider().changeAttributeValues(
        {f.id(): {idx: values[i % len(values)]} for i, f in enumerate(out.getFeatures())
         if i % 2 == 0})
    return _set(params, name, out), f"{name}.{field} = {values!r}"[:120], None


def csv_file(draw, alg, params, work):
    """A CSV source rewritten with malformed rows, another encoding or a BOM."""
    names = [p.name() for p in sources(alg) if str(params.get(p.name(), "")).endswith(".csv")]
    if not names:
        return odd_values(draw, alg, params, work)
    name = draw(st.sampled_from(names))
    with open(params[name], "rb") as fh:
        lines = fh.read().splitlines()
    damage = draw(st.sampled_from(("short", "long", "quote", "latin1", "bom", "binary",
                                   "header only", "blank lines", "crlf")))
    k = draw(st.integers(1, 20))
    body = lines[1:]
    if damage == "short":
        body[:k] = [b"u1" for _ in body[:k]]
    elif damage == "long":
        body[:k] = [row + b",9,9,9" for row in body[:k]]
    elif damage == "quote":
        body[:k] = [b'"' + row for row in body[:k]]
    elif damage == "latin1":
        body[:k] = [b"\xe9t\xe9" + row for row in body[:k]]
    elif damage == "binary":
        body[:k] = [b"\x00\xff\xfe" for _ in body[:k]]
    elif damage == "header only":
        body = []
    elif damage == "blank lines":
        body = [row for r in body for row in (r, b"")]
    head = (b"\xef\xbb\xbf" if damage == "bom" else b"") + lines[0]
    path = os.path.join(work, f"{name.lower()}_{damage.replace(' ', '_')}.csv")
    with open(path, "wb") as fh:
        fh.write((b"\r\n" if damage == "crlf" else b"\n").join([head] + body) + b"\n")
    return _set(params, name, path), f"{name} CSV {damage} ({k} rows)", None


def number(draw, alg, params, work):
    p = draw(st.sampled_from([p for p in alg.parameterDefinitions() if p.type() == "number"]))
    return _set(params, p.name(), draw(st.sampled_from(NUMBERS))), f"number {p.name()}", None


def text_parameter(draw, alg, params, work):
    p = draw(st.sampled_from([p for p in alg.parameterDefinitions()
                              if p.type() in ("string", "extent", "datetime")]))
    value = draw(st.sampled_from(STRINGS + (
        "1,0,1,0", "0,0,0,0", "nan,1,nan,1", "1e308,-1e308,1e308,-1e308 [EPSG:2154]")))
    return _set(params, p.name(), value), f"{p.type()} {p.name()} = {value!r}", None


def file_parameter(draw, alg, params, work):
    """An input file that is missing, empty, not UTF-8, not JSON or JSON of another shape."""
    p = draw(st.sampled_from([p for p in alg.parameterDefinitions() if p.type() == "file"]))
    content = draw(st.sampled_from((b"", b"\xff\xfe\x00garbage", b"{not json", b"[]", b"{}",
                                    b'{"statistics": 5}', b"null", b'{"a": NaN}', None)))
    path = os.path.join(work, f"{p.name().lower()}_{abs(hash(content)) % 10 ** 6}.json")
    if content is not None:
        with open(path, "wb") as fh:
            fh.write(content)
    return _set(params, p.name(), path), f"file {p.name()} = {content!r}", None


def applicable(alg, params):
    """The mutations that apply to ``alg`` with these baseline parameters."""
    have_sources = any(params.get(p.name()) is not None for p in sources(alg))
    out = []
    if fields_of(alg):
        out.append(missing_field)
    if any(p.dataType() in (0, 2) and params.get(p.parentLayerParameterName()) is not None
           for p in fields_of(alg)):
        out.append(wrong_type_field)
    if have_sources:
        out += [empty_or_few, null_attributes, duplicate_rows, bad_geometries, geometry_type,
                lonlat_swapped, odd_values, csv_file]
    if any(p.type() == "number" for p in alg.parameterDefinitions()):
        out.append(number)
    if any(p.type() in ("string", "extent", "datetime") for p in alg.parameterDefinitions()):
        out.append(text_parameter)
    if any(p.type() == "file" for p in alg.parameterDefinitions()):
        out.append(file_parameter)
    return out
