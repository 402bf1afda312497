"""mobilitydp:mobilityreport — trips and zones → one private mobility report.

Layers to arrays and back on the release template (:mod:`..common.release`); the statistics,
their budget split, the plan and the report live in ``dpcore.od`` (``report``, ``statistics``,
``report_plan``, ``report_content``).
"""
import numpy as np

from ...dpcore.od import statistics as st
from ...dpcore.od.report_content import mobility_report_content, statistics_document
from ...dpcore.od.report_plan import plan_mobility_report
from ...dpcore.od.strategy import AUTO, VISITS_PLAIN, VISITS_SHRUNK
from ..common import specs
from ..common.release import ReleasingAlgorithm
from .layers import METHOD_CHOICES, write_od, write_visits
from .statistics_parameters import STATISTICS_PARAMETERS, read_bins, read_weights
from .trip_reader import ZONES, add_trip_parameters, max_trips, read_trips, trips_ledger_scope

STATISTICS = "STATISTICS"
INTERNAL_STATISTICS = "INTERNAL_STATISTICS"
VISITS = "VISITS"
OD_FLOWS = "OD_FLOWS"
OD_METHOD = "OD_METHOD"
VISITS_METHOD = "VISITS_METHOD"
POPULATION = "POPULATION"
SCALE_SHARE = "SCALE_SHARE"
TOTAL_CAP = "TOTAL_CAP"
VISITS_CHOICES = [(AUTO, "automatic: the public rule picks (shrunk)"),
                  (VISITS_SHRUNK, "shrunk to a model|trip ends of the sampled trips, noise, then shrunk and scaled "
                                  "to all trips (up to M per user) by the trip scale"),
                  (VISITS_PLAIN, "plain noise|trip ends of the sampled trips with noise (the former method)")]



class MobilityReport(ReleasingAlgorithm):
    ALGORITHM_ID = "mobilityreport"
    PLAN = staticmethod(plan_mobility_report)
    RELEASE_PROGRESS = (30, 70)
    DISPLAY_NAME = "Private mobility report"
    GROUP_ID = "od"
    GROUP = "Origin–destination"
    PARAMETERS = (
        lambda alg: add_trip_parameters(alg, bounded_input=True),
        *STATISTICS_PARAMETERS,
        specs.choice(OD_METHOD, "OD method", METHOD_CHOICES, AUTO, optional=True),
        specs.choice(VISITS_METHOD, "Visits method", VISITS_CHOICES, AUTO, optional=True),
        specs.zero_means(specs.double(POPULATION, "Public population|for the automatic method; 0 = "
                                      "unknown", 0.0, optional=True, minimum=0.0), "unknown"),
        specs.advanced(specs.double(SCALE_SHARE, "Share of ε for the trip scale", 0.05,
                                    optional=True, minimum=0.01, maximum=0.5)),
        specs.advanced(specs.integer(TOTAL_CAP, "Cap M of trips per user|in the trip scale (≥ m)",
                                     50, optional=True, minimum=1)),
        specs.privacy(default_epsilon=1.0),
        specs.file_output(STATISTICS, "Statistics (JSON, public)", "JSON files (*.json)"),
        specs.file_output(INTERNAL_STATISTICS, "Raw-data statistics (internal)|JSON; do not publish",
                          "JSON files (*.json)", create=False),
        specs.sink(VISITS, "Visits per zone", "polygon", optional=True, create=True),
        specs.sink(OD_FLOWS, "OD flow lines", "line", optional=True, create=True))

    def public_parameters(self, parameters, context) -> tuple:
        return dict(
            epsilon=self.epsilon(parameters, context), max_trips=max_trips(self, parameters, context),
            weights=read_weights(self, parameters, context),
            od_method=self.enum_value(parameters, OD_METHOD, context),
            visits_method=self.enum_value(parameters, VISITS_METHOD, context),
            n_zones=self.source_or_raise(parameters, ZONES, context).featureCount(),  # public
            population=self.parameterAsDouble(parameters, POPULATION, context) or None,
            scale_share=self.parameterAsDouble(parameters, SCALE_SHARE, context),
            total_cap=self.parameterAsInt(parameters, TOTAL_CAP, context),
            bins=read_bins(self, parameters, context)), None

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
        if st.VISITS in release.values and self.parameter_given(parameters, VISITS):
            results[VISITS] = write_visits(self, parameters, context, VISITS, data,
                                           release.values[st.VISITS])
        if st.OD in release.values and self.parameter_given(parameters, OD_FLOWS):
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
