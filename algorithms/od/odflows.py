"""mobilitydp:odflows — trips → private origin–destination flows between zones.

Layers to arrays and back; the method lives in ``dpcore.od.flows``.
"""
import numpy as np
from qgis.core import (
    QgsProcessing,
    QgsProcessingException,
    QgsProcessingParameterBoolean,
    QgsProcessingParameterFeatureSink,
    QgsProcessingParameterNumber,
)

from ...dpcore.flows.compare import fit
from ...dpcore.od.figures import released
from ...dpcore.od.flows import UNIT, plan_od, release_od, release_od_tables
from ...dpcore.od.intervals import interval_statement
from ...dpcore.od.people import UNIT as PEOPLE_UNIT
from ...dpcore.od.people_flows import plan_people_od, release_people_od
from ...dpcore.od.regions import grid_regions, shown_pairs
from ...dpcore.od.strategy import AUTO, OD_PEOPLE, resolve
from ...dpcore.reporting import report as dpreport
from ..common.base import MobilityDPAlgorithm, advanced, enum_parameter, tr, zero_means
from .layers import METHOD_CHOICES, write_od, write_region_lines
from .trips import (
    ZONES,
    add_trip_parameters,
    bounded_trips_dir,
    max_trips,
    read_trips,
    reserve,
)

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
REGION_SHARE = 0.2
PUBLISH_CHOICES = [("trips", "trips per pair: people × a noisy trip scale (trips per person)"),
                   ("people", "people per pair, as counted")]
NOISE_CHOICES = [("discrete_laplace", "discrete Laplace: integer noise, ε-DP"),
                 ("gaussian", "discrete Gaussian: integer noise, (ε, δ)-DP, needs δ > 0")]


class ODFlows(MobilityDPAlgorithm):
    ALGORITHM_ID = "odflows"
    DISPLAY_NAME = "OD flows of trips"
    GROUP_ID = "od"
    GROUP = "Origin–destination"

    def initAlgorithm(self, config=None):  # noqa: N802
        add_trip_parameters(self, bounded_input=True)
        self.addParameter(enum_parameter(METHOD, tr("Method"), METHOD_CHOICES, default=AUTO,
                                         optional=True))
        self.addParameter(zero_means(QgsProcessingParameterNumber(
            POPULATION, tr("Public population|for the automatic method; 0 = unknown"),
            QgsProcessingParameterNumber.Double, 0.0, optional=True, minValue=0.0), "unknown"))
        self.addParameter(enum_parameter(PUBLISH, tr("Publish (people per pair)"),
                                         PUBLISH_CHOICES, default="trips", optional=True))
        self.addParameter(advanced(QgsProcessingParameterBoolean(
            DIRECTED, tr("Directed people per pair|count the main ordered pair (A→B and B→A "
                         "apart)"), False, optional=True)))   # saved models may omit it
        self.addParameter(advanced(QgsProcessingParameterNumber(
            SCALE_SHARE, tr("Share of ε for the trip scale|people per pair"),
            QgsProcessingParameterNumber.Double, 0.05, optional=True, minValue=0.01,
            maxValue=0.5)))
        self.addParameter(zero_means(QgsProcessingParameterNumber(
            REGION_SIZE, tr("Public regions: square size (m)|people per pair; 0 = off"),
            QgsProcessingParameterNumber.Double, 0.0, optional=True, minValue=0.0), "off"))
        self.addParameter(enum_parameter(NOISE, tr("Noise"), NOISE_CHOICES,
                                         default="discrete_laplace"))
        self.addParameter(QgsProcessingParameterNumber(
            TOTAL_SHARE, tr("Share of ε for the noisy total|0 = no rescaling"),
            QgsProcessingParameterNumber.Double, 0.0, minValue=0.0, maxValue=0.9))
        self.addParameter(QgsProcessingParameterNumber(
            TOTAL_CAP, tr("Cap M of trips per user in the total|trips per user counted in the noisy total (≥ m)"),
            QgsProcessingParameterNumber.Integer, 50, minValue=1))
        self.add_privacy_parameters(default_epsilon=1.0, with_delta=True, default_delta=0.0,
                                    delta_help="Gaussian noise only")
        self.addParameter(QgsProcessingParameterFeatureSink(
            OD_TABLE, tr("OD table"), QgsProcessing.TypeVector))
        self.addParameter(QgsProcessingParameterFeatureSink(
            FLOWS, tr("OD flow lines"), QgsProcessing.TypeVectorLine))
        self.addParameter(QgsProcessingParameterFeatureSink(
            REGION_FLOWS, tr("Region flow lines|public regions only"),
            QgsProcessing.TypeVectorLine, optional=True, createByDefault=False))

    def execute(self, parameters, context, feedback):
        noise = self.enum_value(parameters, NOISE, context)
        epsilon = self.epsilon(parameters, context)
        delta = self.delta(parameters, context) if noise == "gaussian" else 0.0
        m = max_trips(self, parameters, context)
        population = self.parameterAsDouble(parameters, POPULATION, context) or None
        n_zones = self.source_or_raise(parameters, ZONES, context).featureCount()  # public
        share = self.parameterAsDouble(parameters, TOTAL_SHARE, context)
        set_options = ", ".join(o for o, on in (("Gaussian noise", noise == "gaussian"),
                                                ("a share of ε for the noisy total", share > 0))
                                if on)
        choice = resolve(self.enum_value(parameters, METHOD, context), n_zones=n_zones,
                         max_trips=m, epsilon=epsilon, delta=delta, population=population,
                         trips_options=set_options)
        cap = self.parameterAsInt(parameters, TOTAL_CAP, context)
        region_size = (self.parameterAsDouble(parameters, REGION_SIZE, context)
            if self._is_set(parameters, REGION_SIZE) else 0.0)
        if region_size > 0 and choice.od != OD_PEOPLE:
            raise QgsProcessingException(tr("Public regions need the method people_shrunk (the "
                                            "method here is {})").format(choice.od))
        if region_size > 0 and bounded_trips_dir(self, parameters, context):
            raise QgsProcessingException(tr("Public regions need the trips: the bounded trips of "
                                            "a Spark job hold no region pairs (set the region "
                                            "size to 0)"))
        if choice.od == OD_PEOPLE:
            params = dict(epsilon=epsilon,
                          directed=self.parameterAsBool(parameters, DIRECTED, context),
                          publish=self.enum_value(parameters, PUBLISH, context),
                          scale_share=self.parameterAsDouble(parameters, SCALE_SHARE, context),
                          total_cap=cap, region_share=REGION_SHARE if region_size > 0 else 0.0)
            plan = plan_people_od(**params)
        else:
            if choice.rescale and share == 0:  # the rule's dense case: 5 % for the noisy total
                share = 0.05
            params = dict(epsilon=epsilon, delta=delta, noise=noise, max_trips=m,
                          total_share=share, total_cap=cap if share > 0 else None)
            plan = plan_od(**params)        # refuses bad parameters before reading data
        data = read_trips(self, parameters, context, feedback,
                          bounded_max_trips=None if choice.od == OD_PEOPLE else m)
        rng = self.rng(parameters, context)
        with reserve(self, parameters, context, plan, data) as reservation:
            regions = grid_regions(data.centroids, region_size) if region_size > 0 else None
            if choice.od == OD_PEOPLE:
                release = release_people_od(data.zoned, rng=rng,
                                            progress=self.progress(feedback, 30, 60),
                                            regions=regions, **params)
            elif data.tables:
                release = release_od_tables(data.zoned, rng=rng,
                                            progress=self.progress(feedback, 30, 60), **params)
            else:
                release = release_od(data.trips.user, data.origin_zone, data.dest_zone,
                                     n_zones=len(data.zone_ids), rng=rng,
                                     progress=self.progress(feedback, 30, 60), **params)
            reservation.released(release)
        values = np.asarray(release.values, dtype=float)
        pub = release.public
        moe = pub["margin_of_error_95"]
        table = dict(lower=pub["lower"], upper=pub["upper"])
        if choice.od == OD_PEOPLE:  # rows: pairs with a positive noisy count (absent = 0)
            positive = np.asarray(pub["noisy"]) > 0
            lines = dict(table, where=pub["noisy_significant"], lines=True)
            table["where"] = positive | positive.T
        else:
            lines = dict(table, lines_above=pub["simultaneous_margin_95"])
        self.layer_notes = dict.fromkeys((OD_TABLE, FLOWS), interval_statement(pub))
        results = {OD_TABLE: write_od(self, parameters, context, OD_TABLE, data, values, moe,
                                      **table),
                   FLOWS: write_od(self, parameters, context, FLOWS, data, values, moe,
                                   **lines)}
        if regions is not None and self._is_set(parameters, REGION_FLOWS):
            results[REGION_FLOWS] = write_region_lines(self, parameters, context, REGION_FLOWS,
                                                       data, regions, pub["regions"])
            self.explain_empty(REGION_FLOWS, tr("no pair of two regions has a 95 % interval "
                                                "above 0"))
        feedback.setProgress(95)
        results.update(self._report(parameters, context, data, release, params, choice))
        return results

    @staticmethod
    def _above_noise(data, values, lower, upper, above, pub, people):
        """The flows drawn on the map (above the simultaneous margin), largest first; none:
        say so, without listing the largest noisy values as if they were the largest flows
        (at census zones they are what the noise of ~10⁶ values reaches)."""
        n_sig, margin = int(np.count_nonzero(above)), pub["simultaneous_margin_95"]
        unit = tr(" people") if people else ""
        text = tr("<p>{k} of {n} flows exceed the simultaneous 95 % margin ± {h:g}{unit} "
                  "(the bound that the noise of all pairs stays below with probability "
                  "95 %): only these are drawn as flow lines (those between two zones).</p>").format(
            k=n_sig, n=values.size, h=margin, unit=unit)
        if not n_sig:
            return text + tr(
                "<p>No pair can be told apart from noise at these zones and this ε: the flow "
                "map is empty by design, and the largest values of the OD table (up to {top:.4g}) "
                "are within what the noise of {n} released values reaches, not the largest flows. "
                "Coarser zones (fewer pairs, each holding more) or a larger ε show flows above "
                "noise.</p>").format(top=float(values.max(initial=0.0)),
                                     n=pub.get("released_values", values.size))
        flat = np.flatnonzero(above.ravel())
        order = flat[np.argsort(values.flat[flat], kind="stable")[::-1][:10]]
        top = [(data.zone_ids[i // values.shape[1]], data.zone_ids[i % values.shape[1]],
                f"{values.flat[i]:.4g}", f"{lower.flat[i]:.4g} – {upper.flat[i]:.4g}")
               for i in order]
        return text + dpreport.table(top, (tr("origin"), tr("destination"), tr("flow"),
                                           tr("95 % interval")))

    @staticmethod
    def _regions_sections(pub):
        """The report's section on the public regions' flows, when they were released."""
        if "regions" not in pub:
            return []
        reg = pub["regions"]
        shown = int(np.count_nonzero(shown_pairs(reg["lower"])))
        pairs = reg["n_regions"] * (reg["n_regions"] - 1) // 2
        text = tr("<p>{counted}: {k} of {n} pairs of two regions have a 95 % interval above 0 "
                  "(drawn as region flow lines). Their intervals are computed exactly from the "
                  "public noise law and cover the true count at 95 % whatever it is; "
                  "with no flow at all, about 2.5 % of the pairs would still pass. ε of the "
                  "regions: {eps:g}.</p>").format(counted=reg["counted"], k=shown, n=pairs,
                                                  eps=reg["epsilon"])
        return [("Flows between public regions", released(text))]

    def _report(self, parameters, context, data, release, params, choice):
        pub = release.public
        people = choice.od == OD_PEOPLE
        rows = [*data.public_rows,
                ("zones", len(data.zone_ids)), ("metric frame", data.frame.describe()),
                ("method", choice.od), ("why this method", choice.reason),
                ("what is counted", pub["statistic"] + (
                    " × trips per person (noisy trip scale)" if pub["publish"] == "trips"
                    else "") if people else "trips per ordered pair (≤ m per user)")]
        rows += [(k, v) for k, v in params.items() if v is not None]
        noisy = ("noisy_", "trips_per_person", "prior_zero_share", "scale_factor")
        noise_rows = [(k, v) for k, v in pub.items() if np.ndim(v) == 0 and
                      not k.startswith(noisy) and not isinstance(v, dict)]
        noisy_rows = [(k, v if np.ndim(v) == 0 else "[{:.4g}, {:.4g}]".format(*v))
                      for k, v in pub.items() if k.startswith(noisy) and
                      (np.ndim(v) == 0 or isinstance(v, tuple))]   # a scale's 99 % interval
        values = np.asarray(release.values, dtype=float)
        lower, upper = np.asarray(pub["lower"]), np.asarray(pub["upper"])
        above = (np.asarray(pub["noisy_significant"], dtype=bool) if people else
            values > pub["simultaneous_margin_95"])
        sections = self._regions_sections(pub) + [
                    ("Noise and margin of error", dpreport.table(dpreport.fact_rows(noise_rows))
                     + (released(dpreport.table(dpreport.fact_rows(noisy_rows)))
                        if noisy_rows else "")),
                    ("Flows above noise", released(self._above_noise(
                        data, values, lower, upper, above, pub, people)))]
        internal = release.internal
        utility = []
        truths = [("all trips", internal["truth_all"])]
        if people:
            p = np.asarray(internal["truth_people"], dtype=float)
            if not pub["directed"]:
                p = np.triu(p, 1) / 2.0 + np.triu(p, 1).T / 2.0 + np.diag(np.diag(p))
            truths.insert(0, ("people per pair (unordered split evenly)", p) if
                          pub["publish"] == "people" else
                          ("people per pair × true trips per person (what the interval covers)",
                           p * internal["trips_per_person"]))
        elif not people:
            truths.insert(0, ("sampled trips (≤ m per user)", internal["truth_sampled"]))
        for label, truth in truths:
            t = np.asarray(truth, dtype=float)
            f = fit(t.ravel(), values.ravel())
            covered = float(np.mean((lower <= t) & (t <= upper)))
            utility.append((label, f"{np.abs(values - t).mean():.4g}", f"{f['pcc']:.3f}",
                            f"{covered:.3f}"))
        facts = list(data.facts) + ([("trips kept by sampling", internal["trips_kept"])]
                                    if not people else [])
        internal_sections = [
            ("Input", dpreport.table(facts, ("quantity", "value"))),
            ("Utility against the true flows",
             dpreport.table(utility, ("truth", "MAE per pair", "Pearson r",
                                      "share within the margin")))]
        return self.write_reports(parameters, context, release=release,
                                  unit_of_privacy=PEOPLE_UNIT if people else UNIT,
                                  parameter_rows=rows, sections=sections,
                                  internal_sections=internal_sections,
                                  internal_warnings=data.warnings)
