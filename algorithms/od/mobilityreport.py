"""mobilitydp:mobilityreport — trips and zones → one private mobility report.

Layers to arrays and back on the release template (:mod:`..common.release`); the statistics,
their budget split, the plan and the report live in ``dpcore.od`` (``report``, ``statistics``,
``report_plan``, ``report_content``).
"""
import numpy as np
from qgis.core import (
    QgsFeature,
    QgsFeatureSink,
    QgsField,
    QgsFields,
    QgsGeometry,
    QgsProcessing,
    QgsProcessingParameterFeatureSink,
    QgsProcessingParameterFileDestination,
    QgsProcessingParameterNumber,
    QgsProcessingParameterString,
    QgsWkbTypes,
)

from ...dpcore.od import statistics as st
from ...dpcore.od.report_content import mobility_report_content, statistics_document
from ...dpcore.od.report_plan import plan_mobility_report
from ...dpcore.od.strategy import AUTO, VISITS_PLAIN, VISITS_SHRUNK
from ..common.base import advanced, enum_parameter, style_on_load, tr, zero_means
from ..common.field_types import FieldType
from ..common.outputs import graduated_style
from ..common.release import ReleasingAlgorithm
from .layers import METHOD_CHOICES, write_od
from .trips import (
    ZONES,
    add_trip_parameters,
    max_trips,
    read_trips,
    time_window,
    trips_ledger_scope,
)

STATISTICS = "STATISTICS"
INTERNAL_STATISTICS = "INTERNAL_STATISTICS"
VISITS = "VISITS"
OD_FLOWS = "OD_FLOWS"
WEIGHT = {name: f"WEIGHT_{name.upper()}" for name in st.STATISTICS}
TIME_WINDOWS = "TIME_WINDOWS"
BIN_PARAMETERS = {  # parameter: (Bins field, label, default text)
    TIME_WINDOWS: ("time_windows", "Time windows (UTC hours)|hour boundaries from 0 to 24",
                   "0,6,10,14,18,22,24"),
    "LENGTH_BINS": ("trip_length_km", "Trip length bins (km)|bin edges; the last bin is open",
                    ",".join(str(k) for k in range(21))),
    "TRAVEL_TIME_BINS": ("travel_time_min", "Travel time bins (min)|bin edges; the last bin is open",
                         ",".join(str(k) for k in range(0, 125, 5))),
    "GYRATION_BINS": ("gyration_km", "Radius of gyration bins (km)|bin edges; the last bin is open",
                      ",".join(f"{k / 2:g}" for k in range(21))),
    "GAP_BINS": ("gap_hours", "Time between trips bins (h)|bin edges; the last bin is open",
                 "0,0.5,1,2,3,4,6,8,12,16,24,48,72"),
}
TRIPS_PER_USER_MAX = "TRIPS_PER_USER_MAX"
OD_METHOD = "OD_METHOD"
VISITS_METHOD = "VISITS_METHOD"
POPULATION = "POPULATION"
SCALE_SHARE = "SCALE_SHARE"
TOTAL_CAP = "TOTAL_CAP"
VISITS_CHOICES = [(AUTO, "automatic: the public rule picks (shrunk)"),
                  (VISITS_SHRUNK, "shrunk to a model|trip ends of the sampled trips, noise, then shrunk and scaled "
                                  "to all trips (up to M per user) by the trip scale"),
                  (VISITS_PLAIN, "plain noise|trip ends of the sampled trips with noise (the former method)")]



def _weight_label(title: str) -> str:
    """'Weight: <statistic>' with the title's parenthesis in the tooltip (label|details)."""
    head, _, unit = title.partition(" (")
    if not head[:2].isupper():           # "Visits…" → "visits…", but "OD flows" stays
        head = head[0].lower() + head[1:]
    return (f"Weight: {head}|" + (f"{unit.rstrip(')')}; " if unit else "") +
        "0 = leave out")


class MobilityReport(ReleasingAlgorithm):
    ALGORITHM_ID = "mobilityreport"
    PLAN = staticmethod(plan_mobility_report)
    RELEASE_PROGRESS = (30, 70)
    DISPLAY_NAME = "Private mobility report"
    GROUP_ID = "od"
    GROUP = "Origin–destination"

    def initAlgorithm(self, config=None):  # noqa: N802
        add_trip_parameters(self, bounded_input=True)
        for name in st.STATISTICS:  # trips per day needs a time window: off by default
            self.addParameter(QgsProcessingParameterNumber(
                WEIGHT[name], tr(_weight_label(st.TITLES[name])),
                QgsProcessingParameterNumber.Double, 0.0 if name == st.TRIPS_PER_DAY else 1.0,
                minValue=0.0))
        bins = [QgsProcessingParameterString(key, tr(label), default)
                for key, (_, label, default) in BIN_PARAMETERS.items()]
        bins.append(QgsProcessingParameterNumber(
            TRIPS_PER_USER_MAX, tr("Trips per user: last bin (open)"),
            QgsProcessingParameterNumber.Integer, 30, minValue=1))
        for p in bins:
            self.addParameter(advanced(p))
        self.addParameter(enum_parameter(OD_METHOD, tr("OD method"), METHOD_CHOICES,
                                         default=AUTO, optional=True))
        self.addParameter(enum_parameter(VISITS_METHOD, tr("Visits method"), VISITS_CHOICES,
                                         default=AUTO, optional=True))
        self.addParameter(zero_means(QgsProcessingParameterNumber(
            POPULATION, tr("Public population|for the automatic method; 0 = unknown"),
            QgsProcessingParameterNumber.Double, 0.0, optional=True, minValue=0.0), "unknown"))
        self.addParameter(advanced(QgsProcessingParameterNumber(
            SCALE_SHARE, tr("Share of ε for the trip scale"),
            QgsProcessingParameterNumber.Double, 0.05, optional=True, minValue=0.01,
            maxValue=0.5)))
        self.addParameter(advanced(QgsProcessingParameterNumber(
            TOTAL_CAP, tr("Cap M of trips per user|in the trip scale (≥ m)"),
            QgsProcessingParameterNumber.Integer, 50, optional=True, minValue=1)))
        self.add_privacy_parameters(default_epsilon=1.0)
        self.addParameter(QgsProcessingParameterFileDestination(
            STATISTICS, tr("Statistics (JSON, public)"), "JSON files (*.json)", optional=True))
        self.addParameter(QgsProcessingParameterFileDestination(
            INTERNAL_STATISTICS, tr("Raw-data statistics (internal)|JSON; do "
                                    "not publish"), "JSON files (*.json)", optional=True,
            createByDefault=False))
        self.addParameter(QgsProcessingParameterFeatureSink(
            VISITS, tr("Visits per zone"), QgsProcessing.TypeVectorPolygon, optional=True))
        self.addParameter(QgsProcessingParameterFeatureSink(
            OD_FLOWS, tr("OD flow lines"), QgsProcessing.TypeVectorLine, optional=True))

    def public_parameters(self, parameters, context) -> tuple:
        return dict(
            epsilon=self.epsilon(parameters, context), max_trips=max_trips(self, parameters, context),
            weights={name: self.parameterAsDouble(parameters, WEIGHT[name], context)
                     for name in st.STATISTICS},
            od_method=self.enum_value(parameters, OD_METHOD, context),
            visits_method=self.enum_value(parameters, VISITS_METHOD, context),
            n_zones=self.source_or_raise(parameters, ZONES, context).featureCount(),  # public
            population=self.parameterAsDouble(parameters, POPULATION, context) or None,
            scale_share=self.parameterAsDouble(parameters, SCALE_SHARE, context),
            total_cap=self.parameterAsInt(parameters, TOTAL_CAP, context),
            bins=self._bins(parameters, context)), None

    def _bins(self, parameters, context) -> dict:
        """The keyword arguments of the public bins, parsed from their parameters."""
        kw = {}
        for key, (attr, _, _) in BIN_PARAMETERS.items():
            label = self.parameterDefinition(key).description()  # the label, not its help
            text = self.parameterAsString(parameters, key, context)
            try:
                kw[attr] = [float(v) for v in text.replace(";", ",").split(",") if v.strip()]
            except ValueError:
                raise ValueError(f"{label}: '{text}' is not a comma-separated list of numbers"
                                 ) from None
        kw["trips_per_user_max"] = self.parameterAsInt(parameters, TRIPS_PER_USER_MAX, context)
        window = time_window(self, parameters, context)
        kw["window"] = window if None not in window else None
        return kw

    def read(self, parameters, context, feedback, inputs, plan) -> tuple:
        # every statistic but trips per user comes from the ≤ m kept trips (from_tables
        # refuses tables of another m for OD flows whatever the OD method)
        data = read_trips(self, parameters, context, feedback,
                          bounded_max_trips=plan.params["max_trips"] if plan.kept_trips else None)
        return (data.zoned, len(data.zone_ids)), data

    def ledger_scope(self, parameters, context, data, plan, zoned) -> dict:
        return trips_ledger_scope(self, parameters, context, data)

    def write(self, parameters, context, feedback, data, release) -> dict:
        results = {}
        for key, internal in ((STATISTICS, False), (INTERNAL_STATISTICS, True)):
            if self.parameterAsFileOutput(parameters, key, context):
                results[key] = self.write_document(parameters, key, context, statistics_document(
                    release, internal=internal, zone_ids=data.zone_ids,
                    centroids=data.centroids, seeded=self.seeded(parameters, context)))
        if st.VISITS in release.values and self._is_set(parameters, VISITS):
            results[VISITS] = self._write_visits(parameters, context, data,
                                                 release.values[st.VISITS])
        if st.OD in release.values and self._is_set(parameters, OD_FLOWS):
            od = release.values[st.OD]
            self.layer_notes[OD_FLOWS] = ("lower95–upper95: a 95 % interval of "
                                          + od.get("counted", "trips per ordered pair"))
            results[OD_FLOWS] = write_od(self, parameters, context, OD_FLOWS, data,
                                         np.asarray(od["counts"], dtype=float),
                                         od["margin_of_error_95"],
                                         lines_above=od["simultaneous_margin_95"],
                                         lower=od.get("lower"), upper=od.get("upper"))
        feedback.setProgress(90)
        return results

    def report(self, data, plan, release) -> dict:
        frame = (data.frame.describe() if not data.tables else
                 f"{data.zoned.report_frame or 'none'} (trip length and gyration, by the "
                 "Spark job)")
        return mobility_report_content(
            plan, release, zone_ids=data.zone_ids, zone_polygons=data.zone_polygons,
            facts=data.facts, warnings=data.warnings,
            inputs=[*data.public_rows, ("zones", len(data.zone_ids)), ("metric frame", frame)])

    def _write_visits(self, parameters, context, data, entry):
        windows = entry["labels"][0]
        fields = QgsFields()
        fields.append(QgsField("zone", FieldType.String))
        fields.append(QgsField("visits", FieldType.Double))
        fields.append(QgsField("moe95", FieldType.Double))
        for k in range(len(windows)):
            fields.append(QgsField(f"visits_w{k}", FieldType.Double))
        fields.append(QgsField("moe95_w", FieldType.Double))
        fields.append(QgsField("moe95_note", FieldType.String))
        note = (tr("not a 95 % interval: the margin of the noisy count before shrinkage × the "
                  "sampling scale; it ignores the shrinkage and the scale's noise")
            if "margin_note" in entry else tr("95 % margin of error of the noisy count"))
        sink, dest_id = self.sink(parameters, VISITS, context, fields,
                                  QgsWkbTypes.MultiPolygon, data.zones_crs)
        counts = np.asarray(entry["counts"], dtype=float)
        for k, feat in enumerate(data.zone_features):
            f = QgsFeature(fields)
            g = QgsGeometry(feat.geometry())
            g.convertToMultiType()
            f.setGeometry(g)
            f.setAttributes([data.zone_ids[k], float(entry["per_zone"][k]),
                             float(entry["per_zone_margin_of_error_95"])]
                            + [float(v) for v in counts[k]]
                            + [float(entry["margin_of_error_95"]), note])
            sink.addFeature(f, QgsFeatureSink.FastInsert)
        style_on_load(context, dest_id, graduated_style("visits"))
        return dest_id
