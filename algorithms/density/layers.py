"""The layers of sanitizedensity: the public geography read, the optional outputs written.

The geography (census cells and towers or tower cells) is read in one metric frame chosen
from the census and handed to :func:`dpcore.density.density_geography`; the optional outputs
are the density with one field per slot and the cover cells with their cluster (EFPA).
"""
from qgis.core import QgsFeature, QgsFeatureSink, QgsField, QgsFields, QgsWkbTypes

from ...dpcore.density import density_geography
from ..common.events import BOUNDED_COUNTS, counts_input
from ..common.field_types import FieldType
from ..common.i18n import tr
from ..common.outputs import polygon_sink, published_counts, style_on_load, write_long_counts
from ..common.styles import categorized_style, graduated_style


def read_geography(alg, parameters, context, census_names, tower_names):
    """``(census, towers, frame, geography, census geometries)`` from the parameters named
    ``census_names`` and ``tower_names`` (each a layer and its id field) of ``alg``."""
    (census_input, census_field), (tower_input, tower_field) = census_names, tower_names
    census = alg.source_or_raise(parameters, census_input, context)
    towers = alg.source_or_raise(parameters, tower_input, context)
    census_field = alg.parameterAsString(parameters, census_field, context)
    tower_field = alg.parameterAsString(parameters, tower_field, context)
    frame = alg.metric_frame(parameters, context, public=(census_input,))
    census_polys, census_ids = frame.read_polygons(census, "census", census_field)
    kw = {"census_field": census_field, "tower_field": tower_field,   # the run's log
          "progress": alg.progress(alg._feedback, 0, 5)}
    if QgsWkbTypes.geometryType(towers.wkbType()) == QgsWkbTypes.PointGeometry:
        xy, tower_ids, _ = frame.read_points(towers, tower_field)
        geo = density_geography(census_polys, census_ids, tower_xy=xy, tower_ids=tower_ids, **kw)
    else:
        cells, tower_ids = frame.read_polygons(towers, "towers", tower_field)
        geo = density_geography(census_polys, census_ids, tower_cells=cells, tower_ids=tower_ids,
                                **kw)
    geoms = [f.geometry() for f in census.getFeatures()]  # written back exactly as read
    return census, towers, frame, geo, geoms


def read_events(alg, parameters, context, feedback, geo, plan) -> tuple:
    """``(events, facts)``: the events (or bounded counts) of the period, bounded to the plan's
    ℓ visits per user (:func:`..common.events.counts_input`); a bounded-counts table is refused
    by the visits method (it holds one visit per user and slot)."""
    if plan.by_visits and alg.parameterAsFile(parameters, BOUNDED_COUNTS, context):
        raise ValueError("a bounded-counts table holds one visit per user and slot (the "
                         "efpa_g pre-sampling): the visits method counts every distinct "
                         "tower of a slot and needs the events layer; choose efpa_g, efpa "
                         "or lpa for a bounded-counts table")
    return counts_input(alg, parameters, context, feedback, tower_index=geo.tower_index,
                        n_towers=len(geo.tower_cells), ell=plan.ell, start=plan.start,
                        slot_seconds=plan.slot_seconds, n_slots=plan.n_slots,
                        progress=alg.progress(feedback, 5, 25))


def write_optional(alg, parameters, context, feedback, names, inputs, long_form, release) -> dict:
    """The optional outputs asked for (``names``: WIDE, DIAGNOSTICS, TRUTH, METHOD → parameter name):
    the density with one field per slot, the cover cells with their cluster (methods with a
    cover) and the true density (NOT private, with a warning). ``inputs`` is ``(census,
    towers, frame, geography, census geometries)``; ``long_form`` the long form's layout."""
    census, _, frame, geo, geoms = inputs
    wide, diagnostics, truth = names["WIDE"], names["DIAGNOSTICS"], names["TRUTH"]
    results = {}
    if alg.parameter_given(parameters, wide):
        results[wide] = write_wide(alg, parameters, wide, context, census.sourceCrs(), geoms,
                                   geo.census_ids, release.values, long_form["id_kind"])
    if alg.parameter_given(parameters, diagnostics) and "cluster" in release.public:
        results[diagnostics] = write_diagnostics(alg, parameters, diagnostics, context,
                                                 census.sourceCrs(), frame, geo, release.public)
    elif alg.parameter_given(parameters, diagnostics):
        feedback.pushWarning(tr("the method {method} has no cover cells or clusters: no "
                                "diagnostics layer was written").format(
                                    method=alg.enum_value(parameters, names["METHOD"], context)))
    if alg.parameter_given(parameters, truth):
        feedback.pushWarning(tr("the true density layer is NOT private: keep it internal"))
        results[truth] = write_long_counts(alg, parameters, truth, context,
                                           values=release.internal["true_density"],
                                           **long_form, step=alg.progress(feedback, 85, 95))
    return results


def write_wide(alg, parameters, output, context, crs, geometries, ids, values, kind):
    """The density with one field per slot (``s00``, ``s01``, ...) of the census cells."""
    fields = QgsFields()
    fields.append(QgsField("cell_id", kind))
    width = len(str(values.shape[1] - 1))
    for s in range(values.shape[1]):
        fields.append(QgsField(f"s{s:0{width}d}", FieldType.Double))
    sink, dest = polygon_sink(alg, parameters, output, context, fields, crs)
    for geom, cid, row in zip(geometries, ids, published_counts(values).astype(float).tolist()):
        f = QgsFeature(fields)
        f.setGeometry(geom)
        f.setAttributes([cid] + row)
        sink.addFeature(f, QgsFeatureSink.FastInsert)
    style_on_load(context, dest, graduated_style(fields.at(1).name()))  # the first slot
    return dest

def write_diagnostics(alg, parameters, output, context, crs, frame, geo, public):
    """The cover cells with their cluster, noisy total and k (``public``: the release's public
    values)."""
    fields = QgsFields()
    for name, kind in (("source", FieldType.String), ("cell_id", FieldType.String),
                       ("cluster", FieldType.Int), ("noisy_total", FieldType.Double),
                       ("k", FieldType.Int)):
        fields.append(QgsField(name, kind))
    sink, dest = polygon_sink(alg, parameters, output, context, fields, crs)
    tower_names = {}
    for tower_id, k in geo.tower_index.items():
        tower_names.setdefault(k, []).append(tower_id)
    rows = ([("tower", ",".join(tower_names.get(t, [])), geo.tower_cells[t])
             for t in public["cover_towers"].tolist()]
            + [("census", str(geo.census_ids[c]), geo.census_cells[c])
               for c in public["cover_cells"].tolist()])
    for (source, cid, poly), cluster, total in zip(rows, public["cluster"].tolist(),
                                                  public["cover_totals"].tolist()):
        f = QgsFeature(fields)
        geometry = frame.from_shapely(poly)
        geometry.convertToMultiType()
        f.setGeometry(geometry)
        f.setAttributes([source, cid, cluster, total, int(public["k"][cluster])])
        sink.addFeature(f, QgsFeatureSink.FastInsert)
    style_on_load(context, dest, categorized_style("cluster"))
    return dest
