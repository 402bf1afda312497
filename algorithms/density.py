"""mobilitydp:sanitizedensity and mobilitydp:comparedensity (Acs & Castelluccia, KDD 2014).

Layers to arrays and back; the science is in ``dpcore.ingest``,
``dpcore.cover``, ``dpcore.density`` and ``dpcore.metrics``.
"""
import numpy as np
from qgis.core import (QgsClassificationQuantile, QgsFeature, QgsFeatureRequest,
                       QgsFeatureSink, QgsField, QgsFields, QgsGraduatedSymbolRenderer,
                       QgsProcessing, QgsProcessingException,
                       QgsProcessingParameterBoolean, QgsProcessingParameterDefinition,
                       QgsProcessingParameterEnum, QgsProcessingParameterFeatureSink,
                       QgsProcessingParameterFeatureSource, QgsProcessingParameterField,
                       QgsProcessingParameterNumber, QgsProcessingParameterString, QgsStyle,
                       QgsVectorLayerTemporalProperties, QgsWkbTypes)
from qgis.PyQt.QtCore import QDateTime, Qt, QVariant
from shapely.ops import unary_union

from ..dpcore import metrics
from ..dpcore import report as dpreport
from ..dpcore.cover import PARTITION_TOLERANCE, overlap_graph, reallocate
from ..dpcore.density import METHODS, density_inputs, figures, release_density
from ..dpcore.geography import zone_centroids
from ..dpcore.tessellation import voronoi_cells
from .base import (REPORT, MetricFrame, MobilityDPAlgorithm, id_type, progress_bridge,
                   read_points, read_polygons, style_on_load, tr)
from .events import BOUNDED_HELP, EVENTS_HELP, add_event_parameters, bounded_counts, period

TOWERS = "TOWERS"
TOWER_ID_FIELD = "TOWER_ID_FIELD"
CENSUS = "CENSUS"
CENSUS_ID_FIELD = "CENSUS_ID_FIELD"
ELL = "ELL"
METHOD = "METHOD"
IMPROVEMENTS = "IMPROVEMENTS"
CALIBRATION = "CALIBRATION"
EVALUATE = "EVALUATE"
OUTPUT = "OUTPUT"
WIDE = "WIDE"
DIAGNOSTICS = "DIAGNOSTICS"
TRUTH = "TRUTH"

METHOD_LABELS = ["EFPA_G: clustering + Fourier (DCT) + Gaussian noise, (ε, δ)-DP (default)",
                 "EFPA: clustering + Fourier (DCT) + Laplace noise, ε-DP",
                 "LPA: Laplace noise on every count of the cover, ε-DP (baseline)",
                 "LPA direct: Laplace noise on every census count, ε-DP (baseline)"]
CALIBRATIONS = ["analytic", "classic"]
UNIT = ("one user: all the events of one person (user id) over the whole period; the "
        "pre-sampling keeps at most ℓ visits of a user, at most one per slot")
EMD_SLOTS = 24


# --------------------------------------------------------------------------
# shared glue
# --------------------------------------------------------------------------

def _qdt(seconds: float) -> QDateTime:
    return QDateTime.fromMSecsSinceEpoch(int(round(seconds * 1000)), Qt.UTC)


def _temporal_style(field):
    def style(layer):
        props = layer.temporalProperties()
        props.setMode(QgsVectorLayerTemporalProperties.ModeFeatureDateTimeStartAndEndFromFields)
        props.setStartField("slot_start")
        props.setEndField("slot_end")
        props.setIsActive(True)
        renderer = QgsGraduatedSymbolRenderer(field)
        renderer.setSourceColorRamp(QgsStyle.defaultStyle().colorRamp("Viridis"))
        renderer.setClassificationMethod(QgsClassificationQuantile())
        renderer.updateClasses(layer, 7)
        layer.setRenderer(renderer)
        layer.triggerRepaint()
    return style


def _long_fields(census_id_type):
    fields = QgsFields()
    fields.append(QgsField("cell_id", census_id_type))
    fields.append(QgsField("slot", QVariant.Int))
    fields.append(QgsField("slot_start", QVariant.DateTime))
    fields.append(QgsField("slot_end", QVariant.DateTime))
    fields.append(QgsField("count", QVariant.Double))
    return fields


def _write_long(alg, parameters, name, context, crs, geometries, ids, values, times, id_kind,
                step):
    """One feature per (census cell, slot); returns the destination id."""
    fields = _long_fields(id_kind)
    sink, dest_id = alg.parameterAsSink(parameters, name, context, fields,
                                        QgsWkbTypes.MultiPolygon, crs)
    if sink is None:
        raise QgsProcessingException(alg.invalidSinkError(parameters, name))
    starts = [_qdt(t) for t in times[:-1]]
    ends = [_qdt(t) for t in times[1:]]
    n_cells, n_slots = values.shape
    for i in range(n_cells):
        batch = []
        for s in range(n_slots):
            f = QgsFeature(fields)
            f.setGeometry(geometries[i])
            f.setAttributes([ids[i], s, starts[s], ends[s], float(values[i, s])])
            batch.append(f)
        sink.addFeatures(batch, QgsFeatureSink.FastInsert)
        step((i + 1) / n_cells)
    style_on_load(context, dest_id, _temporal_style("count"))
    return dest_id


def comparison_sections(true, private, polygons, ids, emd_slots=EMD_SLOTS, chosen=()):
    """Report sections and per-cell metrics comparing two cells × slots arrays (§3.3, §6).

    ``chosen``: ids of the cells whose series are plotted (default: the three busiest).
    """
    n_slots = true.shape[1]
    slots = (np.arange(n_slots) if emd_slots >= n_slots
             else np.unique(np.linspace(0, n_slots - 1, max(emd_slots, 0)).round().astype(int)))
    s = metrics.summary(true, private, zone_centroids(polygons) if slots.size else None,
                        emd_slots=slots if slots.size else None)
    rows = [("mean MRE over cells (γ = 0.1 % of each cell's total)", f"{s['mean_mre']:.4f}"),
            ("median MRE", f"{np.nanmedian(s['mre']):.4f}"),
            ("mean Pearson correlation", f"{s['mean_pc']:.4f}"),
            ("cells without a defined MRE / PC", f"{s['undefined_mre']} / {s['undefined_pc']}")]
    if "mean_emd" in s:
        rows.append((f"mean EMD over {slots.size} slots (metres)", f"{s['mean_emd']:.1f}"))
    body = [dpreport.table(rows, ("metric", "value"))]
    position = {str(c): i for i, c in enumerate(ids)}
    unknown = [c for c in chosen if c not in position]
    if unknown:
        raise ValueError(f"cell(s) {', '.join(unknown)} to plot are not in the layers")
    order = ([position[c] for c in chosen] if chosen
             else np.argsort(-true.sum(axis=1))[:3].tolist())
    for title, png in (
            ("original vs private series of " + ("the chosen cells" if chosen
                                                 else "the three busiest cells"),
             figures.series(true[order], private[order], [str(ids[i]) for i in order])),
            ("relative error by slot", figures.error_by_slot(s["relative_error_by_slot"])),
            ("per-cell MRE and Pearson correlation", figures.boxplots(s["mre"], s["pc"])),
            ("MRE per cell", figures.cell_map(polygons, s["mre"], "MRE per cell")),
            ("Pearson correlation per cell",
             figures.cell_map(polygons, s["pc"], "Pearson correlation per cell"))):
        if png is not None:
            body.append(f"<h3>{dpreport.esc(title)}</h3>" + dpreport.png_img(png, title))
    if not figures.available():
        body.append("<p>matplotlib is not installed: no figures.</p>")
    return "\n".join(body), s


# --------------------------------------------------------------------------
# Sanitize
# --------------------------------------------------------------------------

class SanitizeDensity(MobilityDPAlgorithm):
    ALGORITHM_ID = "sanitizedensity"
    DISPLAY_NAME = "Sanitize spatio-temporal density"
    GROUP_ID = "density"
    GROUP = "Density"
    HELP = """
<p>Turns call data records (CDR) into the number of people in every census cell for every
time slot (by default every hour of a week) with a user-level differential privacy guarantee,
following Acs &amp; Castelluccia, "A Case Study: Privacy Preserving Release of Spatio-temporal
Density in Paris" (KDD 2014). Each user's events are pre-sampled (at most one visit per slot,
at most ℓ visits in all, §5.1); tower counts are mapped to census cells in proportion to the
overlap areas of the tower's Voronoi cell (Formula 1); the noise goes on the smallest set of
tower and census cells that covers the area (minimum cover, §5.2, with its sensitivity fix).
EFPA_G then clusters nearby cells until their totals resist the noise (Alg. 3), perturbs each
cluster's series in the DCT domain (Alg. 4), scales back with noisy per-cell totals estimated
from a one-visit-per-user histogram and a noisy total number of visits (§5.4.1), and smooths
the night hours with exponential fits (§5.4.2). Half of ε pays for the totals, half for the
Fourier perturbation; the report lists every mechanism call.</p>
<h3>Parameters</h3>
""" + EVENTS_HELP + BOUNDED_HELP + """
<p><b>Towers</b>: a point layer of antennas (their Voronoi cells are computed inside the union
of the census cells) or a polygon layer of tower cells (e.g. the output of the Voronoi
tessellation). <b>Tower id field</b>: the values the events' tower field refers to. Events at
towers absent from this layer are counted in the report and not used.</p>
<p><b>Census cells</b> and their <b>id field</b>: the polygons the density is released for. They
must not overlap (a partition); any CRS (geographic input is computed in metres).</p>
<p><b>Maximum visits per user ℓ</b>: the pre-sampling size (default 30, the paper's). Larger ℓ
keeps more of the data but needs more noise.</p>
<p><b>Method</b>: EFPA_G (default), EFPA, or the paper's LPA baselines (Laplace noise on every
count of the cover, or directly on the census counts).</p>
<p><b>Improvements</b> (EFPA_G and EFPA): the improved scaling and the night smoothing of §5.4
(recommended). Without them the cell totals come from the pre-sampled counts, which
underestimate the truth.</p>
<p><b>Gaussian calibration</b> (advanced, EFPA_G): analytic (Balle &amp; Wang 2018, tight for
every ε; default) or classic (the paper's σ = √2·Δ₂·√ln(4/δ)/ε, valid for ε/4 &lt; 1 here).</p>
<p><b>Delta</b>: default 2·10⁻⁶ as in the paper; keep it below 1/(number of users). LPA, LPA
direct and EFPA spend no δ.</p>
<p><b>Add an internal evaluation</b> (advanced): compares the release with the true density and
adds that section to the report, marked internal (it contains statistics of the raw data).</p>
<p><b>Outputs</b>: the private density in long form (census polygon, cell_id, slot, slot_start,
slot_end, count; the layer plays in the Temporal Controller when loaded in QGIS); optionally a
wide layer (one field per slot), a diagnostics layer (the cover cells with their cluster and
noisy total) and the true density (NOT private: for evaluation by the data owner only).</p>
<p><b>Unit of privacy</b>: one user, i.e. all events of one person over the whole period.</p>
"""

    def initAlgorithm(self, config=None):  # noqa: N802
        add_event_parameters(self, bounded_input=True)
        self.addParameter(QgsProcessingParameterFeatureSource(
            TOWERS, tr("Towers (points) or tower cells (polygons)"),
            [QgsProcessing.TypeVectorPoint, QgsProcessing.TypeVectorPolygon]))
        self.addParameter(QgsProcessingParameterField(
            TOWER_ID_FIELD, tr("Tower id field (as in the events)"),
            parentLayerParameterName=TOWERS))
        self.addParameter(QgsProcessingParameterFeatureSource(
            CENSUS, tr("Census cells"), [QgsProcessing.TypeVectorPolygon]))
        self.addParameter(QgsProcessingParameterField(
            CENSUS_ID_FIELD, tr("Census cell id field"), parentLayerParameterName=CENSUS))
        self.addParameter(QgsProcessingParameterNumber(
            ELL, tr("Maximum visits kept per user (ℓ)"), QgsProcessingParameterNumber.Integer,
            30))
        self.addParameter(QgsProcessingParameterEnum(METHOD, tr("Method"), METHOD_LABELS,
                                                     defaultValue=0))
        self.addParameter(QgsProcessingParameterBoolean(
            IMPROVEMENTS, tr("Improved scaling and night smoothing (§5.4)"), True))
        advanced = [QgsProcessingParameterEnum(CALIBRATION, tr("Gaussian calibration"),
                                               CALIBRATIONS, defaultValue=0),
                    QgsProcessingParameterBoolean(
                        EVALUATE, tr("Add an internal evaluation against the true density"),
                        False)]
        for p in advanced:
            p.setFlags(p.flags() | QgsProcessingParameterDefinition.FlagAdvanced)
            self.addParameter(p)
        self.add_privacy_parameters(default_epsilon=0.3, with_delta=True, default_delta=2e-6,
                                    delta_help="EFPA_G only; keep it below 1/(number of users)")
        self.addParameter(QgsProcessingParameterFeatureSink(
            OUTPUT, tr("Private density (long form)"), QgsProcessing.TypeVectorPolygon))
        self.addParameter(QgsProcessingParameterFeatureSink(
            WIDE, tr("Private density (one field per slot)"), QgsProcessing.TypeVectorPolygon,
            optional=True, createByDefault=False))
        self.addParameter(QgsProcessingParameterFeatureSink(
            DIAGNOSTICS, tr("Cover cells with their cluster"), QgsProcessing.TypeVectorPolygon,
            optional=True, createByDefault=False))
        truth = QgsProcessingParameterFeatureSink(
            TRUTH, tr("True density (NOT private: data owner only)"),
            QgsProcessing.TypeVectorPolygon, optional=True, createByDefault=False)
        truth.setFlags(truth.flags() | QgsProcessingParameterDefinition.FlagAdvanced)
        self.addParameter(truth)

    def execute(self, parameters, context, feedback):
        epsilon = self.epsilon(parameters, context)
        delta = self.delta(parameters, context)
        method = METHODS[self.parameterAsEnum(parameters, METHOD, context)]
        ell = self.parameterAsInt(parameters, ELL, context)
        if ell < 1:
            raise ValueError(f"ℓ (maximum visits per user) must be at least 1, got {ell}")
        improvements = self.parameterAsBool(parameters, IMPROVEMENTS, context)
        calibration = CALIBRATIONS[self.parameterAsEnum(parameters, CALIBRATION, context)]
        start, slot_seconds, n_slots = period(self, parameters, context)

        census = self.source_or_raise(parameters, CENSUS, context)
        towers = self.source_or_raise(parameters, TOWERS, context)
        census_field = self.parameterAsString(parameters, CENSUS_ID_FIELD, context)
        tower_field = self.parameterAsString(parameters, TOWER_ID_FIELD, context)
        frame = MetricFrame(census.sourceCrs(), census.sourceExtent(), context)
        census_polys, census_ids = read_polygons(census, "census", census_field, frame, context)
        if not census_polys or any(p is None for p in census_polys):
            raise ValueError("the census layer is empty or has features without geometry")
        census_geoms = [f.geometry() for f in census.getFeatures()]
        warnings = []
        if QgsWkbTypes.geometryType(towers.wkbType()) == QgsWkbTypes.PointGeometry:
            xy, tower_ids, n_null = read_points(towers, frame, tower_field)
            if not len(xy):
                raise ValueError("the tower layer has no point")
            tess = voronoi_cells(xy, unary_union(census_polys))
            tower_cells, cell_of_id = tess.cells, dict(zip(map(str, tower_ids),
                                                           tess.point_cell.tolist()))
            warnings += tess.warnings
        else:
            tower_cells, tower_ids = read_polygons(towers, "towers", tower_field, frame, context)
            if not tower_cells or any(p is None for p in tower_cells):
                raise ValueError("the tower cell layer is empty or has features without "
                                 "geometry")
            cell_of_id = {str(t): k for k, t in enumerate(tower_ids)}
        feedback.setProgress(5)

        graph = overlap_graph(tower_cells, census_polys)
        if graph.self_overlap_b_m2 > PARTITION_TOLERANCE * graph.area_b.sum():
            raise ValueError(f"the census layer is not a partition: its polygons overlap on "
                             f"{graph.self_overlap_b_m2:.6g} m²; a visit would be counted in "
                             "several cells")
        warnings += graph.warnings
        rng = self.rng(parameters, context)
        bounded, facts = bounded_counts(self, parameters, context, feedback,
                                        tower_index=cell_of_id, n_towers=len(tower_cells),
                                        ell=ell, rng=rng, start=start, slot_seconds=slot_seconds,
                                        n_slots=n_slots, progress=progress_bridge(feedback, 5, 40))
        what = facts["dataset_id"]
        if bounded.kept_visits == 0:
            raise ValueError("no event falls at a known tower within the period: check the tower "
                             "ids, the start and the number of slots (dropped: " + ", ".join(
                                 f"{k} {v}" for k, v in bounded.dropped.items()) + ")")
        data = density_inputs(bounded, graph.weights, tower_cells, census_polys)
        spent_delta = delta if method == "efpa_g" else 0.0
        kwargs = {"improvements": improvements} if method in ("efpa_g", "efpa") else {}
        if method == "efpa_g":
            kwargs["calibration"] = calibration
        with self.reserve_budget(parameters, context, default_dataset_id=what,
                                 epsilon=epsilon, delta=spent_delta) as reservation:
            release = release_density(data, method=method, epsilon=epsilon, delta=delta, rng=rng,
                                      progress=progress_bridge(feedback, 40, 60), **kwargs)
            reservation.commit(release.cost)

        times = start + slot_seconds * np.arange(n_slots + 1)
        kind = id_type(census, census_field)
        results = {OUTPUT: _write_long(self, parameters, OUTPUT, context, census.sourceCrs(),
                                       census_geoms, census_ids, release.values, times, kind,
                                       progress_bridge(feedback, 60, 85))}
        if self._is_set(parameters, WIDE):
            results[WIDE] = self._write_wide(parameters, context, census, census_geoms,
                                             census_ids, release.values, kind)
        if self._is_set(parameters, DIAGNOSTICS) and "cluster" in release.info:
            results[DIAGNOSTICS] = self._write_diagnostics(parameters, context, census, frame,
                                                           tower_cells, census_polys,
                                                           census_ids, release.info)
        truth = reallocate(bounded.true_counts, graph.weights)
        if self._is_set(parameters, TRUTH):
            feedback.pushWarning("the true density layer is NOT private: keep it internal")
            results[TRUTH] = _write_long(self, parameters, TRUTH, context, census.sourceCrs(),
                                         census_geoms, census_ids, truth, times, kind,
                                         progress_bridge(feedback, 85, 95))
        for w in warnings:
            feedback.pushWarning(w)

        internal = [("Input (raw data facts)", dpreport.table(facts["report_rows"],
                                                              ("fact", "value"))
            + "".join(f"<p>{dpreport.esc(w)}</p>" for w in release.internal["warnings"]))]
        for w in release.internal["warnings"]:
            feedback.pushWarning(w)
        if self.parameterAsBool(parameters, EVALUATE, context):
            body, _ = comparison_sections(truth, release.values, census_polys, census_ids)
            internal.append(("Utility against the true density", body))
        results[REPORT] = self.write_report(
            parameters, context, release=release, unit_of_privacy=UNIT,
            parameter_rows=[("events", facts["source"])] + facts["public_rows"] + [
                            ("towers", towers.sourceName()),
                            ("census cells", census.sourceName()), ("method", method),
                            ("ℓ", ell), ("improvements", improvements),
                            ("Gaussian calibration", calibration if method == "efpa_g" else "–"),
                            ("slots", f"{n_slots} × {slot_seconds / 60:g} min from "
                                      f"{_qdt(start).toString(Qt.ISODate)}"),
                            ("ε", epsilon), ("δ allowed", delta),
                            ("metric frame", frame.describe())],
            sections=[("Pipeline", _pipeline_html(release.info, len(tower_cells),
                                                  len(census_polys)))],
            internal_sections=internal, warnings=warnings)
        return results

    def _write_wide(self, parameters, context, census, geometries, ids, values, kind):
        fields = QgsFields()
        fields.append(QgsField("cell_id", kind))
        width = len(str(values.shape[1] - 1))
        for s in range(values.shape[1]):
            fields.append(QgsField(f"s{s:0{width}d}", QVariant.Double))
        sink, dest = self.parameterAsSink(parameters, WIDE, context, fields,
                                          QgsWkbTypes.MultiPolygon, census.sourceCrs())
        if sink is None:
            raise QgsProcessingException(self.invalidSinkError(parameters, WIDE))
        for geom, cid, row in zip(geometries, ids, values.tolist()):
            f = QgsFeature(fields)
            f.setGeometry(geom)
            f.setAttributes([cid] + row)
            sink.addFeature(f, QgsFeatureSink.FastInsert)
        return dest

    def _write_diagnostics(self, parameters, context, census, frame, tower_cells, census_polys,
                           census_ids, info):
        fields = QgsFields()
        for name, kind in (("source", QVariant.String), ("cell_id", QVariant.String),
                           ("cluster", QVariant.Int), ("noisy_total", QVariant.Double),
                           ("k", QVariant.Int)):
            fields.append(QgsField(name, kind))
        sink, dest = self.parameterAsSink(parameters, DIAGNOSTICS, context, fields,
                                          QgsWkbTypes.MultiPolygon, census.sourceCrs())
        if sink is None:
            raise QgsProcessingException(self.invalidSinkError(parameters, DIAGNOSTICS))
        rows = ([("tower", str(t + 1), tower_cells[t]) for t in info["cover_towers"].tolist()]
                + [("census", str(census_ids[c]), census_polys[c])
                   for c in info["cover_cells"].tolist()])
        for (source, cid, poly), cluster, total in zip(rows, info["cluster"].tolist(),
                                                      info["cover_totals"].tolist()):
            f = QgsFeature(fields)
            geometry = frame.from_shapely(poly)
            geometry.convertToMultiType()
            f.setGeometry(geometry)
            f.setAttributes([source, cid, cluster, total, int(info["k"][cluster])])
            sink.addFeature(f, QgsFeatureSink.FastInsert)
        return dest


def _pipeline_html(info, n_towers, n_census) -> str:
    rows = [("tower cells", n_towers), ("census cells", n_census)]
    if "cover_towers" in info:
        rows.append(("minimum cover", f"{len(info['cover_towers'])} tower cells + "
                                      f"{len(info['cover_cells'])} census cells"))
    if "n_clusters" in info:
        k = np.asarray(info["k"])
        rows += [("τ (minimum noisy cluster total, §6 rule)", f"{info['tau']:.6g}"),
                 ("clusters", info["n_clusters"]),
                 ("retained DCT coefficients k (min / mean / max)",
                  f"{k.min()} / {k.mean():.1f} / {k.max()}"),
                 ("L2 sensitivity of the cluster series", f"{info['l2_sensitivity']:.4g}"),
                 ("bound on Σ over clusters of one user's L2 change",
                  f"{info['l2_sum_sensitivity']:.4g}")]
        if "sigma" in info:
            rows.append(("Gaussian σ per coefficient", f"{info['sigma']:.6g}"))
        if info.get("k_hat") is not None:
            rows.append(("noisy number of visits K̂", f"{info['k_hat']:.6g}"))
    if "scale" in info:
        rows.append(("Laplace scale per count", f"{info['scale']:.6g}"))
    return dpreport.table(rows, ("step", "value"))


# --------------------------------------------------------------------------
# Compare
# --------------------------------------------------------------------------

TRUE_LAYER = "TRUE_LAYER"
PRIVATE_LAYER = "PRIVATE_LAYER"
ID_FIELD = "ID_FIELD"
SLOT_FIELD = "SLOT_FIELD"
TRUE_COUNT_FIELD = "TRUE_COUNT_FIELD"
PRIVATE_COUNT_FIELD = "PRIVATE_COUNT_FIELD"
EMD_SLOTS_PARAM = "EMD_SLOTS"
CELLS = "CELLS"


def _read_long(source, id_field, slot_field, count_field, name):
    """cells × slots array, the cell ids (first-seen order) and one geometry per cell."""
    names = source.fields().names()
    missing = [f for f in (id_field, slot_field, count_field) if f not in names]
    if missing:
        raise ValueError(f"field(s) {', '.join(missing)} not found in the {name} layer")
    cells, geoms = {}, {}
    rows = []
    for f in source.getFeatures(QgsFeatureRequest()):
        cid = f[id_field]
        key = str(cid)
        if key not in cells:
            cells[key] = (len(cells), cid)
            geoms[key] = f.geometry()
        try:
            rows.append((cells[key][0], int(f[slot_field]), float(f[count_field])))
        except (TypeError, ValueError):
            raise ValueError(f"the {name} layer has a feature without a numeric slot or count")
    if not rows:
        raise ValueError(f"the {name} layer is empty")
    r = np.array(rows)
    idx, slot = r[:, 0].astype(int), r[:, 1].astype(int)
    if slot.min() < 0:
        raise ValueError(f"the {name} layer has negative slot numbers")
    values = np.full((len(cells), slot.max() + 1), np.nan)
    values[idx, slot] = r[:, 2]
    return values, [v[1] for v in cells.values()], [geoms[k] for k in cells]


class CompareDensity(MobilityDPAlgorithm):
    ALGORITHM_ID = "comparedensity"
    DISPLAY_NAME = "Compare densities (MRE, correlation, EMD)"
    GROUP_ID = "evaluation"
    GROUP = "Evaluation"
    USES_PRIVACY = False
    HELP = """
<p>Measures how close a private spatio-temporal density is to the true one, with the metrics of
Acs &amp; Castelluccia (KDD 2014, §3.3 and §6): per cell, the mean relative error (MRE, with the
sanity bound γ = 0.1 % of the cell's total count) and the Pearson correlation of the two time
series; per slot, the Earth Mover's Distance between the two normalised spatial distributions
with the distance between cell centroids as ground distance (exact transport). The report shows
the series of the busiest cells, the error by slot, box plots and maps of the per-cell MRE and
correlation.</p>
<h3>Parameters</h3>
<p><b>True density</b> and <b>private density</b>: long-form polygon layers (one feature per
cell and slot), such as the outputs of "Sanitize spatio-temporal density". Every (cell, slot)
of the true layer must be in the private layer.</p>
<p><b>Cell id, slot and count fields</b>: field names, shared by both layers except the counts.
</p>
<p><b>Slots for EMD</b>: number of slots, spread over the period, on which the EMD is computed
(each is a transport problem over all cells: about 2 s at 1,000 cells without the optional POT
package); 0 skips it.</p>
<p><b>Cells to plot</b> (optional): comma-separated cell ids whose original and private series
are drawn in the report; default the three cells with the largest totals.</p>
<p><b>Output</b>: the cells with their MRE and Pearson correlation.</p>
<p><b>Privacy</b>: the true density is raw data: this output and report are internal.</p>
"""

    def initAlgorithm(self, config=None):  # noqa: N802
        self.addParameter(QgsProcessingParameterFeatureSource(
            TRUE_LAYER, tr("True density (long form)"), [QgsProcessing.TypeVectorPolygon]))
        self.addParameter(QgsProcessingParameterFeatureSource(
            PRIVATE_LAYER, tr("Private density (long form)"), [QgsProcessing.TypeVectorPolygon]))
        for name, label, default in ((ID_FIELD, "Cell id field", "cell_id"),
                                     (SLOT_FIELD, "Slot field", "slot"),
                                     (TRUE_COUNT_FIELD, "Count field of the true layer", "count"),
                                     (PRIVATE_COUNT_FIELD, "Count field of the private layer",
                                      "count")):
            self.addParameter(QgsProcessingParameterString(name, tr(label), default))
        self.addParameter(QgsProcessingParameterNumber(
            EMD_SLOTS_PARAM, tr("Slots for EMD (0 = none)"), QgsProcessingParameterNumber.Integer,
            EMD_SLOTS, minValue=0))
        self.addParameter(QgsProcessingParameterString(
            CELLS, tr("Cells to plot (comma-separated ids; default: the three busiest)"),
            optional=True))
        self.add_report_parameter()
        self.addParameter(QgsProcessingParameterFeatureSink(
            OUTPUT, tr("Per-cell MRE and correlation"), QgsProcessing.TypeVectorPolygon))

    def execute(self, parameters, context, feedback):
        true_src = self.source_or_raise(parameters, TRUE_LAYER, context)
        priv_src = self.source_or_raise(parameters, PRIVATE_LAYER, context)
        id_f, slot_f, true_f, priv_f = (self.parameterAsString(parameters, k, context)
                                        for k in (ID_FIELD, SLOT_FIELD, TRUE_COUNT_FIELD,
                                                  PRIVATE_COUNT_FIELD))
        true, ids, geoms = _read_long(true_src, id_f, slot_f, true_f, "true")
        priv, pids, _ = _read_long(priv_src, id_f, slot_f, priv_f, "private")
        pos = {str(c): i for i, c in enumerate(pids)}
        absent = [c for c in ids if str(c) not in pos]
        if absent:
            raise ValueError(f"{len(absent)} cell(s) of the true layer are not in the private "
                             f"layer (e.g. {absent[0]})")
        priv = priv[[pos[str(c)] for c in ids]]
        if priv.shape[1] < true.shape[1] or np.isnan(true).any() or \
                np.isnan(priv[:, :true.shape[1]]).any():
            raise ValueError("both layers must hold a count for every cell and slot")
        priv = priv[:, :true.shape[1]]
        feedback.setProgress(20)
        frame = MetricFrame(true_src.sourceCrs(), true_src.sourceExtent(), context)
        polygons = [frame.to_shapely(g) for g in geoms]
        chosen = [c.strip() for c in self.parameterAsString(parameters, CELLS, context).split(",")
                  if c.strip()]
        body, s = comparison_sections(true, priv, polygons, ids,
                                      self.parameterAsInt(parameters, EMD_SLOTS_PARAM, context),
                                      chosen)
        feedback.setProgress(80)
        fields = QgsFields()
        fields.append(QgsField("cell_id", true_src.fields().field(id_f).type()))
        fields.append(QgsField("mre", QVariant.Double))
        fields.append(QgsField("pc", QVariant.Double))
        sink, dest = self.parameterAsSink(parameters, OUTPUT, context, fields,
                                          QgsWkbTypes.MultiPolygon, true_src.sourceCrs())
        if sink is None:
            raise QgsProcessingException(self.invalidSinkError(parameters, OUTPUT))
        for cid, geom, m, p in zip(ids, geoms, s["mre"].tolist(), s["pc"].tolist()):
            f = QgsFeature(fields)
            f.setGeometry(geom)
            f.setAttributes([cid, None if np.isnan(m) else m, None if np.isnan(p) else p])
            sink.addFeature(f, QgsFeatureSink.FastInsert)
        report = self.write_analysis_report(parameters, context, title=self.DISPLAY_NAME,
            privacy_note="The true density is raw data: this report is internal.",
            rows=[("true density", true_src.sourceName()),
                  ("private density", priv_src.sourceName()), ("cells", len(ids)),
                  ("slots", true.shape[1]), ("metric frame", frame.describe())],
            sections=[("Utility", body)])
        return {OUTPUT: dest, REPORT: report}
