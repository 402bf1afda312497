"""mobilitydp:sanitizedensity (Acs & Castelluccia, KDD 2014).

Layers to arrays and back on the release template (:mod:`..common.release`). The science is in
dpcore: ``density.assembly`` (tessellation, overlap graph, checks, release inputs, truth),
``density.plan`` (the choice of the release, the pre-sampling, the cost plan),
``density.pipeline`` and ``density.visit_release`` (the releases), ``density.report`` (the
report, from ``density.sections``' sections and figures).
"""
import numpy as np
from qgis.core import (
    QgsFeature,
    QgsFeatureSink,
    QgsField,
    QgsFields,
    QgsProcessing,
    QgsProcessingParameterBoolean,
    QgsProcessingParameterFeatureSink,
    QgsProcessingParameterFeatureSource,
    QgsProcessingParameterField,
    QgsProcessingParameterNumber,
    QgsWkbTypes,
)
from qgis.PyQt.QtCore import Qt

from ...dpcore.density import density_geography
from ...dpcore.density.plan import plan_sanitize_density
from ...dpcore.density.report import density_report
from ..common.base import advanced, enum_parameter, id_type, release_period, tr
from ..common.events import BOUNDED_COUNTS, add_event_parameters, counts_input, period
from ..common.field_types import FieldType
from ..common.outputs import (
    categorized_style,
    graduated_style,
    polygon_sink,
    style_on_load,
    utc_datetime,
    write_long_counts,
)
from ..common.release import ReleasingAlgorithm
from ..common.values import published_counts

TOWERS, TOWER_ID_FIELD = "TOWERS", "TOWER_ID_FIELD"
CENSUS, CENSUS_ID_FIELD = "CENSUS", "CENSUS_ID_FIELD"
ELL, METHOD, IMPROVEMENTS, CALIBRATION = "ELL", "METHOD", "IMPROVEMENTS", "CALIBRATION"
EVALUATE, OUTPUT, WIDE, DIAGNOSTICS, TRUTH = "EVALUATE", "OUTPUT", "WIDE", "DIAGNOSTICS", "TRUTH"
METHODS = [("visits", "distinct people per tower|distinct people per tower and slot, Laplace noise "
                      "on blocks of hours pooled over like days, low-rank denoising, ε-DP "
                      "(default)"),
           ("efpa_g", "EFPA, Gaussian|clustering + Fourier (DCT) perturbation with Gaussian noise, (ε, δ)-DP"),
           ("efpa", "EFPA|the same with Laplace noise, ε-DP"),
           ("lpa", "LPA|the paper's baseline: Laplace noise on every count of the cover, ε-DP"),
           ("lpa_direct", "LPA direct|Laplace noise directly on every census count, ε-DP")]
CALIBRATIONS = [("analytic", "analytic σ (tightest)|the smallest σ the discrete Gaussian's "
                             "proven bound allows (default)"),
                ("classic", "classic (the paper)|σ = √2·Δ₂·√ln(4/δ)/ε, valid for ε/4 < 1 here")]

class SanitizeDensity(ReleasingAlgorithm):
    ALGORITHM_ID = "sanitizedensity"
    PLAN = staticmethod(plan_sanitize_density)
    PREPARE_PROGRESS, RELEASE_PROGRESS = (25, 40), (40, 60)
    DISPLAY_NAME = "Sanitize spatio-temporal density"
    GROUP_ID = "density"
    GROUP = "Density"
    TAGS = ("CDR", "call detail records", "density", "census", "laplace", "gaussian", "EFPA",
            "Acs", "Castelluccia")

    def initAlgorithm(self, config=None):  # noqa: N802
        add_event_parameters(self, bounded_input=True)
        self.addParameter(QgsProcessingParameterFeatureSource(
            TOWERS, tr("Towers or tower cells|points or polygons"),
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
            30, minValue=1))
        self.addParameter(enum_parameter(METHOD, tr("Method"), METHODS, "visits"))
        self.addParameter(QgsProcessingParameterBoolean(
            IMPROVEMENTS, tr("Improved scaling and night smoothing|§5.4 of Acs & Castelluccia"), True))
        self.addParameter(advanced(enum_parameter(CALIBRATION, tr("Gaussian calibration"),
                                                  CALIBRATIONS, "analytic")))
        self.addParameter(advanced(QgsProcessingParameterBoolean(
            EVALUATE, tr("Evaluate against the true density|adds an evaluation (MRE, correlation, EMD) to the internal "
                         "report"),
            False)))
        self.add_privacy_parameters(default_epsilon=0.3, with_delta=True, default_delta=2e-6,
                                    delta_help="efpa_g only; keep it below 1/(number of users)")
        self.addParameter(QgsProcessingParameterFeatureSink(
            OUTPUT, tr("Private density (long form)"), QgsProcessing.TypeVectorPolygon))
        self.addParameter(QgsProcessingParameterFeatureSink(
            WIDE, tr("Private density (one field per slot)"), QgsProcessing.TypeVectorPolygon,
            optional=True, createByDefault=False))
        self.addParameter(QgsProcessingParameterFeatureSink(
            DIAGNOSTICS, tr("Cover cells with their cluster"), QgsProcessing.TypeVectorPolygon,
            optional=True, createByDefault=False))
        truth = QgsProcessingParameterFeatureSink(
            TRUTH, tr("True density (NOT private)|for the data owner only"),
            QgsProcessing.TypeVectorPolygon, optional=True, createByDefault=False)
        self.addParameter(advanced(truth))

    # -- parameters and reading --------------------------------------------------------------
    def public_parameters(self, parameters, context) -> tuple:
        start, slot_seconds, n_slots = period(self, parameters, context)
        census, towers, frame, geo, geoms = self._geography(parameters, context)
        return dict(method=self.enum_value(parameters, METHOD, context),
                    epsilon=self.epsilon(parameters, context),
                    delta=self.delta(parameters, context),
                    ell=self.parameterAsInt(parameters, ELL, context),
                    n_towers=len(geo.tower_cells), start=start, slot_seconds=slot_seconds,
                    n_slots=n_slots,
                    improvements=self.parameterAsBool(parameters, IMPROVEMENTS, context),
                    calibration=self.enum_value(parameters, CALIBRATION, context)
                    ), (census, towers, frame, geo, geoms)

    def _geography(self, parameters, context):
        """The public geography (census cells and tower cells) in one frame from the census."""
        census = self.source_or_raise(parameters, CENSUS, context)
        towers = self.source_or_raise(parameters, TOWERS, context)
        census_field = self.parameterAsString(parameters, CENSUS_ID_FIELD, context)
        tower_field = self.parameterAsString(parameters, TOWER_ID_FIELD, context)
        frame = self.metric_frame(parameters, context, public=(CENSUS,))
        census_polys, census_ids = frame.read_polygons(census, "census", census_field)
        kw = {"census_field": census_field, "tower_field": tower_field,   # the run's log
              "progress": self.progress(self._feedback, 0, 5)}
        if QgsWkbTypes.geometryType(towers.wkbType()) == QgsWkbTypes.PointGeometry:
            xy, tower_ids, _ = frame.read_points(towers, tower_field)
            geo = density_geography(census_polys, census_ids, tower_xy=xy, tower_ids=tower_ids,
                                    **kw)
        else:
            cells, tower_ids = frame.read_polygons(towers, "towers", tower_field)
            geo = density_geography(census_polys, census_ids, tower_cells=cells,
                                    tower_ids=tower_ids, **kw)
        geoms = [f.geometry() for f in census.getFeatures()]  # written back exactly as read
        return census, towers, frame, geo, geoms

    def read(self, parameters, context, feedback, inputs, plan) -> tuple:
        geo = inputs[3]
        for w in geo.warnings:
            feedback.pushWarning(w)
        if plan.by_visits and self.parameterAsFile(parameters, BOUNDED_COUNTS, context):
            raise ValueError("a bounded-counts table holds one visit per user and slot (the "
                             "efpa_g pre-sampling): the visits method counts every distinct "
                             "tower of a slot and needs the events layer; choose efpa_g, efpa "
                             "or lpa for a bounded-counts table")
        events, facts = counts_input(self, parameters, context, feedback,
                                     tower_index=geo.tower_index, n_towers=len(geo.tower_cells),
                                     ell=plan.ell, start=plan.start,
                                     slot_seconds=plan.slot_seconds, n_slots=plan.n_slots,
                                     progress=self.progress(feedback, 5, 25))
        times = plan.start + plan.slot_seconds * np.arange(plan.n_slots + 1)
        evaluate = self.parameterAsBool(parameters, EVALUATE, context)
        return (geo, events, facts), (inputs, facts, times, evaluate)

    def ledger_scope(self, parameters, context, held, plan, data) -> dict:
        return {"default_dataset_id": held[1]["dataset_id"], "ids": held[1].get("ids"),
                "sketch": held[1].get("sketch"),
                "period": release_period((plan.start,
                                          plan.start + plan.slot_seconds * plan.n_slots))}

    # -- writing ------------------------------------------------------------------------------
    def write(self, parameters, context, feedback, held, release) -> dict:
        (census, _, frame, geo, geoms), _, times, _ = held
        kind = id_type(census, self.parameterAsString(parameters, CENSUS_ID_FIELD, context))
        long_form = dict(crs=census.sourceCrs(), geometries=geoms, ids=geo.census_ids,
                         id_kind=kind, times=times)
        results = {OUTPUT: write_long_counts(self, parameters, OUTPUT, context,
                                             values=release.values, **long_form,
                                             step=self.progress(feedback, 60, 85))}
        if self._is_set(parameters, WIDE):
            results[WIDE] = self._write_wide(parameters, context, census.sourceCrs(), geoms,
                                             geo.census_ids, release.values, kind)
        if self._is_set(parameters, DIAGNOSTICS) and "cluster" in release.public:
            results[DIAGNOSTICS] = self._write_diagnostics(parameters, context, census.sourceCrs(),
                                                           frame, geo, release.public)
        elif self._is_set(parameters, DIAGNOSTICS):
            feedback.pushWarning(tr("the method {method} has no cover cells or clusters: no "
                                    "diagnostics layer was written").format(
                                        method=self.enum_value(parameters, METHOD, context)))
        if self._is_set(parameters, TRUTH):
            feedback.pushWarning(tr("the true density layer is NOT private: keep it internal"))
            results[TRUTH] = write_long_counts(self, parameters, TRUTH, context,
                                               values=release.internal["true_density"],
                                               **long_form, step=self.progress(feedback, 85, 95))
        for w in release.internal["warnings"]:
            feedback.pushWarning(w)
        return results

    def report(self, held, plan, release) -> dict:
        (census, towers, frame, geo, _), _, times, evaluate = held
        return density_report(
            plan, release, geo=geo, frame=frame.describe(), evaluate=evaluate,
            inputs=[("towers", towers.sourceName()), ("census cells", census.sourceName())],
            slots=f"{plan.n_slots} × {plan.slot_seconds / 60:g} min from "
                  f"{utc_datetime(plan.start).toString(Qt.DateFormat.ISODate)}",
            slot_labels=[utc_datetime(t).toString("ddd yyyy-MM-dd HH:mm") for t in times[:-1]])

    # -- optional outputs ------------------------------------------------------------------
    def _write_wide(self, parameters, context, crs, geometries, ids, values, kind):
        fields = QgsFields()
        fields.append(QgsField("cell_id", kind))
        width = len(str(values.shape[1] - 1))
        for s in range(values.shape[1]):
            fields.append(QgsField(f"s{s:0{width}d}", FieldType.Double))
        sink, dest = polygon_sink(self, parameters, WIDE, context, fields, crs)
        for geom, cid, row in zip(geometries, ids, published_counts(values).astype(float).tolist()):
            f = QgsFeature(fields)
            f.setGeometry(geom)
            f.setAttributes([cid] + row)
            sink.addFeature(f, QgsFeatureSink.FastInsert)
        style_on_load(context, dest, graduated_style(fields.at(1).name()))   # the first slot
        return dest

    def _write_diagnostics(self, parameters, context, crs, frame, geo, info):
        """The cover cells with their cluster, noisy total and k: values of the release."""
        fields = QgsFields()
        for name, kind in (("source", FieldType.String), ("cell_id", FieldType.String),
                           ("cluster", FieldType.Int), ("noisy_total", FieldType.Double),
                           ("k", FieldType.Int)):
            fields.append(QgsField(name, kind))
        sink, dest = polygon_sink(self, parameters, DIAGNOSTICS, context, fields, crs)
        tower_names = {}
        for tower_id, k in geo.tower_index.items():
            tower_names.setdefault(k, []).append(tower_id)
        rows = ([("tower", ",".join(tower_names.get(t, [])), geo.tower_cells[t])
                 for t in info["cover_towers"].tolist()]
                + [("census", str(geo.census_ids[c]), geo.census_cells[c])
                   for c in info["cover_cells"].tolist()])
        for (source, cid, poly), cluster, total in zip(rows, info["cluster"].tolist(),
                                                      info["cover_totals"].tolist()):
            f = QgsFeature(fields)
            geometry = frame.from_shapely(poly)
            geometry.convertToMultiType()
            f.setGeometry(geometry)
            f.setAttributes([source, cid, cluster, total, int(info["k"][cluster])])
            sink.addFeature(f, QgsFeatureSink.FastInsert)
        style_on_load(context, dest, categorized_style("cluster"))
        return dest
