"""mobilitydp:odflows — trips → private origin–destination flows between zones.

Layers to arrays and back; the method lives in ``dpcore.od.flows``.
"""
import numpy as np
from qgis.core import QgsProcessing, QgsProcessingParameterFeatureSink, QgsProcessingParameterNumber

from ...dpcore import report as dpreport
from ...dpcore.flows.compare import fit
from ...dpcore.od.figures import released
from ...dpcore.od.flows import UNIT, plan_od_cost, release_od
from ..common.base import MobilityDPAlgorithm, enum_parameter, tr
from .layers import write_od
from ..common.trips import INPUT, TRIPS_HELP, add_trip_parameters, max_trips, read_trips, \
    reserve

NOISE = "NOISE"
TOTAL_SHARE = "TOTAL_SHARE"
TOTAL_CAP = "TOTAL_CAP"
OD_TABLE = "OD_TABLE"
FLOWS = "FLOWS"
NOISE_CHOICES = [("discrete_laplace", "discrete Laplace: integer noise, ε-DP"),
                 ("gaussian", "discrete Gaussian: integer noise, (ε, δ)-DP, needs δ > 0")]


class ODFlows(MobilityDPAlgorithm):
    ALGORITHM_ID = "odflows"
    DISPLAY_NAME = "OD flows of trips"
    GROUP_ID = "flows"
    GROUP = "Flows"
    HELP = """
<p>Origin–destination (OD) flows of whole trips between any zones, released with differential
privacy for each user: how many trips went from zone i to zone j, the diagonal holding the trips
that start and end in one zone. Each user keeps at most m trips (uniformly at random), so the
matrix changes by at most m when one user is added or removed; noise calibrated to m is added to
every pair of zones, including the pairs no trip used, and negative values are set to 0.</p>
<p>Outputs: the <b>OD table</b> (origin, destination, flow, its 95 % margin of error and the
interval it gives) with every pair whose noisy flow is above 0 (absent = 0), and <b>flow
lines</b> between zone centroids (arrows, width by flow) for the flows above the <i>simultaneous</i>
95 % margin: the bound that the noise of all n² pairs stays below with probability 95 %, so an
arrow is unlikely to be noise alone even among a million pairs (with many zones and few trips,
there may be none). The margin of error comes from the noise distribution alone:
about 95 % of the released values lie within it of the true count of the sampled trips.</p>
""" + TRIPS_HELP + """
<h3>Noise</h3>
<p><b>Noise</b>: discrete Laplace (integer noise, ε-DP, default) or the discrete Gaussian
mechanism of Canonne, Kamath &amp; Steinke (integer noise, (ε, δ)-DP, δ &gt; 0; its noise grows with m rather than with the number of pairs a user
touches, which helps when m is large).</p>
<p><b>Share of ε for the noisy total</b> (0 = off): sampling drops the trips of users above m. With
a share s &gt; 0, the fraction s of ε releases two noisy totals (the sampled trips, and the extra
trips up to the <b>cap M per user</b> ≥ m) and the flows are scaled by their ratio to estimate the
trips up to M per user; the rest of ε goes to the OD matrix. Costs are computed and shown. The
scaling multiplies the noise too: it corrects the level of large flows and of totals, but on a
sparse matrix (many zones, few trips) it raises the error of the typical pair (see the peer
benchmark in <code>benchmarks/peer_dpmr.py</code>).</p>
<p><b>Unit of privacy</b>: one user, with all their trips in the time window.</p>
"""

    def initAlgorithm(self, config=None):  # noqa: N802
        add_trip_parameters(self)
        self.addParameter(enum_parameter(NOISE, tr("Noise"), NOISE_CHOICES,
                                         default="discrete_laplace"))
        self.addParameter(QgsProcessingParameterNumber(
            TOTAL_SHARE, tr("Share of ε for the noisy total (0 = no rescaling)"),
            QgsProcessingParameterNumber.Double, 0.0, minValue=0.0, maxValue=0.9))
        self.addParameter(QgsProcessingParameterNumber(
            TOTAL_CAP, tr("Cap M of trips per user counted in the noisy total (≥ m)"),
            QgsProcessingParameterNumber.Integer, 50, minValue=1))
        self.add_privacy_parameters(default_epsilon=1.0, with_delta=True, default_delta=0.0,
                                    delta_help="Gaussian noise only")
        self.addParameter(QgsProcessingParameterFeatureSink(
            OD_TABLE, tr("OD table"), QgsProcessing.TypeVector))
        self.addParameter(QgsProcessingParameterFeatureSink(
            FLOWS, tr("OD flow lines"), QgsProcessing.TypeVectorLine))

    def execute(self, parameters, context, feedback):
        noise = self.enum_value(parameters, NOISE, context)
        epsilon = self.epsilon(parameters, context)
        delta = self.delta(parameters, context) if noise == "gaussian" else 0.0
        share = self.parameterAsDouble(parameters, TOTAL_SHARE, context)
        params = dict(epsilon=epsilon, delta=delta, noise=noise,
                      max_trips=max_trips(self, parameters, context), total_share=share,
                      total_cap=self.parameterAsInt(parameters, TOTAL_CAP, context)
                      if share > 0 else None)
        plan = plan_od_cost(**params)            # refuses bad parameters before reading data
        data = read_trips(self, parameters, context, feedback)
        rng = self.rng(parameters, context)
        with reserve(self, parameters, context, plan) as reservation:
            release = release_od(data.trips.user, data.origin_zone, data.dest_zone,
                                 n_zones=len(data.zone_ids), rng=rng,
                                 progress=self.progress(feedback, 30, 60), **params)
            reservation.commit(release.cost)
        values = np.asarray(release.values, dtype=float)
        moe = release.public["margin_of_error_95"]
        results = {OD_TABLE: write_od(self, parameters, context, OD_TABLE, data, values, moe),
                   FLOWS: write_od(self, parameters, context, FLOWS, data, values, moe,
                                   lines_above=release.public["simultaneous_margin_95"])}
        feedback.setProgress(95)
        results.update(self._report(parameters, context, data, release, params))
        return results

    def _report(self, parameters, context, data, release, params):
        pub = release.public
        rows = [("trips", self.parameterAsSource(parameters, INPUT, context).sourceName()),
                ("zones", len(data.zone_ids)), ("metric frame", data.frame.describe())]
        rows += [(k, v) for k, v in params.items() if v is not None]
        noise_rows = [(k, v) for k, v in pub.items()]
        values = np.asarray(release.values, dtype=float)
        order = np.argsort(values, axis=None)[::-1][:10]
        top = [(data.zone_ids[i // values.shape[1]], data.zone_ids[i % values.shape[1]],
                f"{values.flat[i]:g}", f"± {pub['margin_of_error_95']:g}") for i in order
               if values.flat[i] > 0]
        n_sig = int((values > pub["simultaneous_margin_95"]).sum())
        sections = [("Noise and margin of error", dpreport.table(noise_rows)),
                    ("Largest released flows", released(
                        f"<p>{n_sig} of {values.size} flows exceed the simultaneous 95 % margin "
                        f"± {pub['simultaneous_margin_95']:g}; flows below it may be noise "
                        "alone.</p>" + dpreport.table(
                            top, ("origin", "destination", "flow", "95 % margin"))))]
        internal = release.internal
        utility = []
        for label, truth in (("sampled trips (≤ m per user)", internal["truth_sampled"]),
                             ("all trips", internal["truth_all"])):
            t = np.asarray(truth, dtype=float)
            f = fit(t.ravel(), values.ravel())
            covered = float(np.mean(np.abs(values - t) <= pub["margin_of_error_95"]))
            utility.append((label, f"{np.abs(values - t).mean():.4g}", f"{f['pcc']:.3f}",
                            f"{covered:.3f}"))
        facts = list(data.facts) + [("trips kept by sampling", internal["trips_kept"])]
        internal_sections = [
            ("Input", dpreport.table(facts, ("quantity", "value"))),
            ("Utility against the true flows",
             dpreport.table(utility, ("truth", "MAE per pair", "Pearson r",
                                      "share within the margin")))]
        return self.write_reports(parameters, context, release=release, unit_of_privacy=UNIT,
                                  parameter_rows=rows, sections=sections,
                                  internal_sections=internal_sections,
                                  internal_warnings=data.warnings)

