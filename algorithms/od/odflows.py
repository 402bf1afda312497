"""mobilitydp:odflows — trips → private origin–destination flows between zones.

Layers to arrays and back on the release template (:mod:`..common.release`); the method, its
choice and the report live in ``dpcore.od`` (:mod:`dpcore.od.plan`).
"""
import numpy as np

from ...dpcore.od.flows_report import od_flows_report
from ...dpcore.od.plan import plan_od_flows
from ...dpcore.od.strategy import AUTO
from ..common import specs
from ..common.base import tr
from ..common.i18n import shown
from ..common.release import ReleasingAlgorithm
from .layers import METHOD_CHOICES, write_od, write_region_lines
from .trip_reader import ZONES, add_trip_parameters, bounded_trips_dir, max_trips, read_trips, trips_ledger_scope

NOISE = "NOISE"
TOTAL_SHARE = "TOTAL_SHARE"
TOTAL_CAP = "TOTAL_CAP"
METHOD = "METHOD"
PUBLISH = "PUBLISH"
DIRECTED = "DIRECTED"
POPULATION = "POPULATION"
SCALE_SHARE = "SCALE_SHARE"
OD_TABLE = "OD_TABLE"
FLOWS = "FLOWS"
REGION_SIZE = "REGION_SIZE"
REGION_FLOWS = "REGION_FLOWS"
PUBLISH_CHOICES = [("trips", "trips per pair: people × a noisy trip scale (trips per person)"),
                   ("people", "people per pair, as counted")]
NOISE_CHOICES = [("discrete_laplace", "discrete Laplace: integer noise, ε-DP"),
                 ("gaussian", "discrete Gaussian: integer noise, (ε, δ)-DP, needs δ > 0")]


class ODFlows(ReleasingAlgorithm):
    ALGORITHM_ID = "odflows"
    PLAN = staticmethod(plan_od_flows)
    RELEASE_PROGRESS = (30, 60)
    DISPLAY_NAME = "OD flows of trips"
    GROUP_ID = "od"
    GROUP = "Origin–destination"
    PARAMETERS = (
        lambda alg: add_trip_parameters(alg, bounded_input=True),
        specs.choice(METHOD, "Method", METHOD_CHOICES, AUTO, optional=True),
        specs.zero_means(specs.double(POPULATION, "Public population|for the automatic method; 0 = "
                                      "unknown", 0.0, optional=True, minimum=0.0), "unknown"),
        specs.choice(PUBLISH, "Publish (people per pair)", PUBLISH_CHOICES, "trips", optional=True),
        specs.advanced(specs.boolean(DIRECTED, "Directed people per pair|count the main ordered "
                                     "pair (A→B and B→A apart)", False, optional=True)),  # models may omit it
        specs.advanced(specs.double(SCALE_SHARE, "Share of ε for the trip scale|people per pair", 0.05,
                                    optional=True, minimum=0.01, maximum=0.5)),
        specs.zero_means(specs.double(REGION_SIZE, "Public regions: square size (m)|people per pair; "
                                      "0 = off", 0.0, optional=True, minimum=0.0), "off"),
        specs.choice(NOISE, "Noise", NOISE_CHOICES, "discrete_laplace"),
        specs.double(TOTAL_SHARE, "Share of ε for the noisy total|0 = no rescaling", 0.0, minimum=0.0,
                     maximum=0.9),
        specs.integer(TOTAL_CAP, "Cap M of trips per user in the total|trips per user counted in the "
                      "noisy total (≥ m)", 50, minimum=1),
        specs.privacy(default_epsilon=1.0, with_delta=True, default_delta=0.0,
                      delta_help="Gaussian noise only"),
        specs.sink(OD_TABLE, "OD table", "table"),
        specs.sink(FLOWS, "OD flow lines", "line"),
        specs.sink(REGION_FLOWS, "Region flow lines|public regions only", "line", optional=True))

    def public_parameters(self, parameters, context) -> tuple:
        region_size = (self.parameterAsDouble(parameters, REGION_SIZE, context)
                       if self.parameter_given(parameters, REGION_SIZE) else 0.0)
        return dict(
            method=self.enum_value(parameters, METHOD, context),
            epsilon=self.epsilon(parameters, context), delta=self.delta(parameters, context),
            noise=self.enum_value(parameters, NOISE, context),
            max_trips=max_trips(self, parameters, context),
            n_zones=self.source_or_raise(parameters, ZONES, context).featureCount(),  # public
            population=self.parameterAsDouble(parameters, POPULATION, context) or None,
            total_share=self.parameterAsDouble(parameters, TOTAL_SHARE, context),
            total_cap=self.parameterAsInt(parameters, TOTAL_CAP, context),
            directed=self.parameterAsBool(parameters, DIRECTED, context),
            publish=self.enum_value(parameters, PUBLISH, context),
            scale_share=self.parameterAsDouble(parameters, SCALE_SHARE, context),
            region_size=region_size,
            bounded_tables=bool(bounded_trips_dir(self, parameters, context))), None

    def read(self, parameters, context, feedback, inputs, plan) -> tuple:
        data = read_trips(self, parameters, context, feedback,
                          bounded_max_trips=None if plan.people else plan.params["max_trips"])
        return (data.zoned, data.centroids), data

    def ledger_scope(self, parameters, context, data, plan, zoned) -> dict:
        return trips_ledger_scope(self, parameters, context, data)

    def write(self, parameters, context, feedback, data, release) -> dict:
        values = np.asarray(release.values, dtype=float)
        public = release.public
        drawing, moe = public["drawing"], public["margin_of_error_95"]
        self.layer_notes = dict.fromkeys((OD_TABLE, FLOWS), drawing["note"])
        results = {OD_TABLE: write_od(self, parameters, context, OD_TABLE, data, values, moe,
                                      **drawing["table"]),
                   FLOWS: write_od(self, parameters, context, FLOWS, data, values, moe,
                                   **drawing["lines"])}
        if drawing["regions"] is not None and self.parameter_given(parameters, REGION_FLOWS):
            results[REGION_FLOWS] = write_region_lines(self, parameters, context, REGION_FLOWS,
                                                       data, drawing["regions"], public["regions"])
            self.explain_empty(REGION_FLOWS, tr("no pair of two regions has a 95 % interval "
                                                "above 0"))
        feedback.setProgress(95)
        return results

    def report(self, data, plan, release) -> dict:
        return od_flows_report(
            plan, release, zone_ids=data.zone_ids, facts=data.facts, warnings=data.warnings,
            translate=shown, inputs=[*data.public_rows, ("zones", len(data.zone_ids)),
                                     ("metric frame", data.frame.describe())])
