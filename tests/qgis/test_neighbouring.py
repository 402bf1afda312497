"""Issue 10: only the noisy values may depend on the private data.

Every release algorithm runs on a pair of neighbouring datasets (differing in one unit of
privacy), with the same seed, the same file paths and the same parameters. Everything it
publishes — every output layer that is not declared internal, the publishable REPORT and the
numeric results — must be identical between the two runs, except the fields (or geometries)
declared noisy and the report parts declared as drawn from noisy values. Any other difference is
a fact about the raw data leaking outside the noise (issue 10 items 5–8).

Owners add one ``Entry`` per release algorithm. The negative control (a release that prints a
raw total in its publishable report) must be caught.

Same seed must mean same noise: a release that consumes its generator in a data-dependent way
before drawing the noise (per-user sampling, shuffles) shifts the stream between D and D', so
it must draw its noise from a stream split off before the data-dependent part.
"""
import os
import re
import shutil
from dataclasses import dataclass, field
from typing import Callable

import pytest

from ..support.od_layers import save as _save
from ..support.qgis import ROOT

TIMESTAMP = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\+00:00|Z)?")


@dataclass
class Entry:
    """One release algorithm on a neighbouring pair.

    ``make(work_dir, neighbour)`` writes the input (D, or D' when ``neighbour``) into
    ``work_dir`` — always at the same paths — and returns the parameters (outputs under
    ``work_dir`` too). ``noisy``: output name → set of field names whose values are noise
    ("geometry" for noisy geometries). ``internal``: outputs that may hold raw-data facts
    (declared as such in their help). ``report_noisy``: regexes of publishable-report parts
    drawn from noisy values (e.g. a plot of the noisy map).
    """

    algorithm: object  # an id of the provider, or a QgsProcessingAlgorithm instance
    make: Callable
    noisy: dict
    internal: set = field(default_factory=set)
    report_noisy: tuple = ()


def _snapshot(alg, params, results, entry):
    """Everything a run publishes, as plain Python values."""
    from qgis.core import (
        QgsProcessingParameterFeatureSink,
        QgsProcessingParameterFileDestination,
        QgsProcessingParameterVectorDestination,
        QgsVectorLayer,
    )
    out = {}
    for d in alg.destinationParameterDefinitions():
        name = d.name()
        if name in entry.internal or name == "INTERNAL_REPORT" or not params.get(name):
            continue
        value = results.get(name)
        if isinstance(d, (QgsProcessingParameterFeatureSink, QgsProcessingParameterVectorDestination)):
            layer = value if isinstance(value, QgsVectorLayer) else QgsVectorLayer(value, name, "ogr")
            assert layer.isValid(), (name, value)
            noisy = entry.noisy.get(name, set())
            names = layer.fields().names()
            rows = []
            for f in layer.getFeatures():
                row = {k: v for k, v in zip(names, f.attributes()) if k not in noisy}
                if "geometry" not in noisy:
                    row["geometry"] = f.geometry().asWkt(3)
                rows.append(row)
            out[name] = {"fields": names, "count": layer.featureCount(), "rows": rows}
        elif isinstance(d, QgsProcessingParameterFileDestination) and value:
            with open(value, encoding="utf-8") as fh:
                text = TIMESTAMP.sub("<time>", fh.read())
            for pattern in entry.report_noisy:
                text = re.sub(pattern, "<noisy>", text, flags=re.S)
            out[name] = text
    for key, value in results.items():
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            out[key] = value
    return out


def _differences(a, b, path=""):
    """Human-readable differences between two snapshots (empty if they agree)."""
    if isinstance(a, dict) and isinstance(b, dict):
        diffs = [f"{path}/{k}: only in one run" for k in set(a) ^ set(b)]
        for k in sorted(set(a) & set(b), key=str):
            diffs += _differences(a[k], b[k], f"{path}/{k}")
        return diffs
    if isinstance(a, list) and isinstance(b, list):
        if len(a) != len(b):
            return [f"{path}: {len(a)} vs {len(b)} items"]
        return [d for i, (x, y) in enumerate(zip(a, b)) for d in _differences(x, y, f"{path}[{i}]")]
    if a != b:
        if isinstance(a, str) and len(a) > 200:
            i = next(i for i, (x, y) in enumerate(zip(a + "\0", b + "\0")) if x != y)
            return [f"{path}: …{a[max(0, i - 80):i + 80]!r} vs …{b[max(0, i - 80):i + 80]!r}"]
        return [f"{path}: {a!r} vs {b!r}"]
    return []


def neighbouring_differences(entry, tmp_path):
    """Run ``entry`` on D and D' (same seed, same paths); return what differs outside the noise."""
    from qgis.core import QgsApplication, QgsProcessingContext, QgsProcessingFeedback
    snapshots = []
    for neighbour in (False, True):
        work = tmp_path / "work"
        shutil.rmtree(work, ignore_errors=True)
        work.mkdir()
        params = entry.make(work, neighbour)
        alg = entry.algorithm
        if isinstance(alg, str):
            alg = QgsApplication.processingRegistry().createAlgorithmById(alg)
        context, feedback = QgsProcessingContext(), QgsProcessingFeedback()
        results, ok = alg.run(params, context, feedback)
        assert ok, (alg.id(), "neighbour" if neighbour else "original")
        snapshots.append(_snapshot(alg, params, results, entry))
    return _differences(*snapshots)


# --------------------------------------------------------------------------
# Datasets
# --------------------------------------------------------------------------

def _iris_counts(work, neighbour):
    """The sample IRIS with an integer count; D' has one more person in the first zone."""
    from qgis.core import QgsFeatureRequest, QgsVectorLayer
    iris = QgsVectorLayer(os.path.join(ROOT, "sample_data", "paris_iris.geojson"), "iris", "ogr")
    mem = iris.materialize(QgsFeatureRequest())
    if neighbour:
        first = next(mem.getFeatures())
        idx = mem.fields().indexOf("population")
        mem.dataProvider().changeAttributeValues({first.id(): {idx: first["population"] + 1}})
    return _save(mem, work / "iris.gpkg")


def _noisycounts(work, neighbour):
    return {"INPUT": _iris_counts(work, neighbour), "COUNT_FIELD": "population", "EPSILON": 0.5,
            "SEED": 11, "OUTPUT": str(work / "noisy.gpkg"), "REPORT": str(work / "report.html"),
            "INTERNAL_REPORT": str(work / "internal.html")}


def _perturb_common(work, neighbour, moved_rows, shift, crs):
    """Check-in-like points (users u0..u59) in ``crs``; D' moves ``moved_rows`` by ``shift`` m.

    Geo-indistinguishability protects where a point is (the number of reports is public), so
    the neighbour of D moves one unit of privacy instead of removing it.
    """
    from .test_geoind_frames import _layer, _xy
    xy = _xy(240)
    if neighbour:
        xy[moved_rows] += shift
    return {"INPUT": _save(_layer(xy, crs), work / "points.gpkg"), "EPSILON": 0.01, "SEED": 3,
            "OUTPUT": str(work / "reports.gpkg"), "REPORT": str(work / "report.html"),
            "INTERNAL_REPORT": str(work / "internal.html"),
            "DISPLACEMENT": str(work / "lines.gpkg")}


def _perturbpoints(work, neighbour):
    """Planar Laplace on lon/lat, a study area in EPSG:3857, one point moved 10 km out of it."""
    from .test_geoind_frames import _area
    params = _perturb_common(work, neighbour, [0], [9000.0, -5000.0], "EPSG:4326")
    return dict(params, STUDY_AREA=_save(_area("EPSG:3857"), work / "area.gpkg"),
                KEEP_FIELDS=["venue_id"])


def _perturbpoints_users(work, neighbour):
    """Geometric mechanism on a public grid, user level (m = 6): all of user u7's points moved."""
    import numpy as np

    from .test_geoind_frames import X0, Y0
    params = _perturb_common(work, neighbour, np.arange(240) % 60 == 7, [2500.0, 1800.0],
                             "EPSG:2154")
    return dict(params, USER_FIELD="user", MAX_POINTS_PER_USER=6, MECHANISM="geometric",
                CELL_SIZE=200,
                GRID_EXTENT=f"{X0 - 500},{X0 + 4000},{Y0 - 500},{Y0 + 2500} [EPSG:2154]")


def _aggregateflows(work, neighbour, **kw):
    """GPS points of vehicles a, b, c on a 4 × 3 grid of cells; D' has no vehicle c."""
    from qgis.core import QgsFeatureRequest

    from .test_flows import _cells, _points
    points = _points()
    if neighbour:
        points = points.materialize(QgsFeatureRequest().setFilterExpression("\"vehicle\" != 'c'"))
    return dict({"INPUT": _save(points, work / "gps.gpkg"), "VEHICLE_FIELD": "vehicle",
                 "TRAJECTORY_FIELD": "trip", "TIME_FIELD": "time",
                 "CELLS": _save(_cells(), work / "cells.gpkg"), "CELL_ID_FIELD": "cell_id",
                 "EPSILON": 0.5, "SEED": 4, "FLOWS": str(work / "flows.gpkg"),
                 "ZONES": str(work / "zones.gpkg"), "REPORT": str(work / "report.html"),
                 "INTERNAL_REPORT": str(work / "internal.html"),
                 "TRUE_FLOWS": str(work / "true.gpkg"), "METHOD": "universal"}, **kw)


def _aggregateflows_central(work, neighbour):
    return _aggregateflows(work, neighbour, METHOD="central", MAX_MOVES=3)


FLOWS_NOISY = {"FLOWS": {"flow"}, "ZONES": {"flow_out", "flow_in", "flow", "above_median"}}
# warnings read from the noisy values, marked as released in the publishable report
RELEASED_HTML = r'<div class="released">.*?</div>'
# facts about the noisy flows, printed in the publishable report (the total's warning too)
FLOWS_REPORT_NOISY = (r"<tr><td>released flows below 0</td><td>[^<]*</td></tr>",
                      r"<tr><td>their mean</td><td>[^<]*</td></tr>", RELEASED_HTML)


def _cdr_city(work, neighbour):
    """The density city of test_density.py (census squares, 5 towers, 600 users' events over
    24 hours); D' has one more user (u_extra, 6 events at tower 103)."""
    import csv

    from .test_density import START, write_city
    city = write_city(work)
    if neighbour:
        with open(city["events"], "a", newline="") as fh:
            csv.writer(fh).writerows(("u_extra", 103, int(START) + 3600 * h + 60)
                                     for h in (1, 5, 9, 12, 18, 22))
    return {"INPUT": city["events"], "USER_FIELD": "user_id", "TOWER_FIELD": "tower_id",
            "TIME_FIELD": "time", "START": "2007-09-10T00:00:00", "N_SLOTS": 24,
            "TOWERS": city["towers"], "TOWER_ID_FIELD": "tid", "CENSUS": city["census"],
            "CENSUS_ID_FIELD": "iris", "ELL": 8, "EPSILON": 1.0, "DELTA": 1e-4, "SEED": 5,
            "METHOD": "efpa_g",
            "OUTPUT": str(work / "density.gpkg"), "WIDE": str(work / "wide.gpkg"),
            "DIAGNOSTICS": str(work / "cover.gpkg"), "TRUTH": str(work / "truth.gpkg"),
            "EVALUATE": True, "REPORT": str(work / "report.html"),
            "INTERNAL_REPORT": str(work / "internal.html")}


def _cdr_city_visits(epsilon):
    """The same city with the default method (visits, issue 29: its pooling rule at two ε)."""
    def make(work, neighbour):
        params = _cdr_city(work, neighbour)
        del params["DIAGNOSTICS"]
        return dict(params, METHOD="visits", EPSILON=epsilon)
    return make


def _od_trips(work, neighbour):
    """90 users with 2 trips each, 20 per ordered pair of 3 zones (so every noisy flow stays far
    above its simultaneous margin in both runs); D' has one more user with 2 trips."""
    from ..support.od_layers import lines, zones
    trips = [(f"u{i}", (i % 9) // 3, i % 3, 60 * (i % 20) + 30 * k) for i in range(90)
             for k in range(2)]
    if neighbour:
        trips += [("extra", 0, 2, 100), ("extra", 2, 2, 400)]
    return (_save(lines("EPSG:4326", trips=trips), work / "trips.gpkg"),
            _save(zones("EPSG:2154"), work / "zones.gpkg"))


def _odflows(work, neighbour):
    trips, zones = _od_trips(work, neighbour)
    return {"INPUT": trips, "USER_FIELD": "user_id", "ZONES": zones, "ZONE_ID_FIELD": "zone",
            "MAX_TRIPS": 2, "EPSILON": 2.0, "SEED": 5, "OD_TABLE": str(work / "od.gpkg"),
            "FLOWS": str(work / "flows.gpkg"), "REPORT": str(work / "report.html"),
            "INTERNAL_REPORT": str(work / "internal.html")}


def _mobilityreport(work, neighbour):
    trips, zones = _od_trips(work, neighbour)
    return {"INPUT": trips, "USER_FIELD": "user_id", "START_FIELD": "start", "END_FIELD": "end",
            "ZONES": zones, "ZONE_ID_FIELD": "zone", "MAX_TRIPS": 2, "EPSILON": 2.0, "SEED": 5,
            "STATISTICS": str(work / "stats.json"), "VISITS": str(work / "visits.gpkg"),
            "OD_FLOWS": str(work / "odflows.gpkg"),
            "REPORT": str(work / "report.html"), "INTERNAL_REPORT": str(work / "internal.html"),
            "INTERNAL_STATISTICS": str(work / "raw.json")}


def _synthesizetrips(work, neighbour):
    trips, zones = _od_trips(work, neighbour)
    return {"INPUT": trips, "USER_FIELD": "user_id", "START_FIELD": "start", "END_FIELD": "end",
            "ZONES": zones, "ZONE_ID_FIELD": "zone", "START": "2026-05-25T00:00:00",
            "END": "2026-05-26T00:00:00", "MAX_TRIPS": 2, "TRIPS_CAP": 4, "N_TRIPS": 200,
            "EPSILON": 2.0, "SEED": 5, "OUTPUT": str(work / "synthetic.gpkg"),
            "REPORT": str(work / "report.html"), "INTERNAL_REPORT": str(work / "internal.html")}


OD_NOISY = {"flow", "lower95", "upper95", "moe95"}  # margins × the noisy trip scale (issue 29)
# every value of a synthetic trip is drawn from the noisy model; the count is public (N_TRIPS)
SYNTHETIC_NOISY = {"fid", "user_id", "start", "end", "length_m", "travel_min", "origin_zone",
                   "dest_zone", "geometry"}
RELEASED_JSON = r'"(counts|lower|upper|per_zone|per_weekday|per_hour|quartiles)": \[(?:[^\[\]]|\[[^\[\]]*\])*\]'
# read from the noisy trip scale (issue 29): the scale itself and the margins it multiplies
SCALED_JSON = (r'"(noisy_users|noisy_trips|trips_per_person|sampling_scale|margin_of_error_95|'
               r'per_zone_margin_of_error_95|simultaneous_margin_95|epsilon_trip_scale)": '
               r'[-+0-9.eE]+',
               r'"counted": "[^"]*"',
               # the scale's interval and the warnings read from the noisy values
               r'"trips_per_person_interval": \[[^\]]*\]', r'"warnings": \[[^\]]*\]')


# --------------------------------------------------------------------------
# The negative control: a release that publishes a raw total in its report
# --------------------------------------------------------------------------

def _toy(leaky):
    from qgis.core import (
        QgsFeature,
        QgsFeatureSink,
        QgsField,
        QgsFields,
        QgsProcessingParameterFeatureSink,
        QgsProcessingParameterFeatureSource,
        QgsProcessingParameterField,
    )

    from mobility_dp.algorithms.common.base import MobilityDPAlgorithm
    from mobility_dp.algorithms.common.field_types import FieldType
    from mobility_dp.dpcore.accounting.costs import PrivacyCost
    from mobility_dp.dpcore.mechanisms.geometric import discrete_laplace

    class ToyCounts(MobilityDPAlgorithm):
        ALGORITHM_ID, DISPLAY_NAME, GROUP_ID, GROUP = "toycounts", "Toy counts", "t", "T"

        def initAlgorithm(self, config=None):  # noqa: N802
            self.addParameter(QgsProcessingParameterFeatureSource("INPUT", "Zones"))
            self.addParameter(QgsProcessingParameterField("COUNT_FIELD", "Count", None, "INPUT"))
            self.add_privacy_parameters()
            self.addParameter(QgsProcessingParameterFeatureSink("OUTPUT", "Noisy counts"))

        def execute(self, parameters, context, feedback):
            source = self.source_or_raise(parameters, "INPUT", context)
            name = self.parameterAsString(parameters, "COUNT_FIELD", context)
            feats = list(source.getFeatures())
            true = [int(f[name]) for f in feats]
            eps = self.epsilon(parameters, context)
            with self.reserve_budget(parameters, context, default_dataset_id="toy",
                                     planned=PrivacyCost.of("discrete Laplace", eps)) as charge:
                release = discrete_laplace(true, sensitivity=1, epsilon=eps,
                                           rng=self.rng(parameters, context))
                charge.check_spent(release)
            fields = QgsFields()
            fields.append(QgsField("noisy", FieldType.LongLong))
            sink, dest = self.parameterAsSink(parameters, "OUTPUT", context, fields,
                                              source.wkbType(), source.sourceCrs())
            for f, value in zip(feats, release.values):
                out = QgsFeature(fields)
                out.setGeometry(f.geometry())
                out.setAttributes([int(value)])
                sink.addFeature(out, QgsFeatureSink.FastInsert)
            rows = [("zones", len(feats))] + ([("true total", sum(true))] if leaky else [])
            reports = self.write_reports(parameters, context, release=release,
                                         unit_of_privacy="one person", parameter_rows=rows)
            return {"OUTPUT": dest, **reports}

    alg = ToyCounts()
    alg.initAlgorithm()
    return alg


def _toy_params(work, neighbour):
    params = _noisycounts(work, neighbour)
    params.pop("INTERNAL_REPORT")
    return params


def _publishhistograms(work, neighbour):
    """Two users crossing on five cells; D' has a third user staying in cell c0."""
    from ..support.od_layers import save
    from .test_histograms import WALKS, cells, observations
    walks = dict(WALKS, **({"C": [0, 0, 0, 0, 0]} if neighbour else {}))
    return {"INPUT": save(observations(walks=walks), work / "obs.gpkg"), "USER_FIELD": "user_id",
            "TIME_FIELD": "time", "CELLS": cells(), "CELL_ID_FIELD": "cell",
            "START": "2026-05-25T10:00:00", "N_SLOTS": 5, "METHOD": "direct", "EPSILON": 1.0,
            "SEED": 5, "OUTPUT": str(work / "counts.gpkg"), "REPORT": str(work / "report.html"),
            "INTERNAL_REPORT": str(work / "internal.html")}


ENTRIES = {
    "noisycounts": Entry("mobilitydp:noisycounts", _noisycounts, noisy={"OUTPUT": {"noisy_count"}}),
    "perturbpoints": Entry("mobilitydp:perturbpoints", _perturbpoints,
                           noisy={"OUTPUT": {"geometry"}}, internal={"DISPLACEMENT"}),
    "perturbpoints (users, grid)": Entry("mobilitydp:perturbpoints", _perturbpoints_users,
                                         noisy={"OUTPUT": {"geometry"}},
                                         internal={"DISPLACEMENT"}),
    "aggregateflows (universal, per vehicle)": Entry(
        "mobilitydp:aggregateflows", _aggregateflows, noisy=FLOWS_NOISY,
        internal={"TRUE_FLOWS"}, report_noisy=FLOWS_REPORT_NOISY),
    "aggregateflows (central, m = 3)": Entry(
        "mobilitydp:aggregateflows", _aggregateflows_central, noisy=FLOWS_NOISY,
        internal={"TRUE_FLOWS"}, report_noisy=FLOWS_REPORT_NOISY),
    # the cover cells (DIAGNOSTICS) are public geography; their clusters, k and totals are noisy
    "sanitizedensity": Entry(
        "mobilitydp:sanitizedensity", _cdr_city,
        noisy={"OUTPUT": {"count"}, "WIDE": {f"s{s:02d}" for s in range(24)},
               "DIAGNOSTICS": {"cluster", "noisy_total", "k"}},
        internal={"TRUTH"},
        report_noisy=(r"<h3>Chosen from the noisy totals.*?</table>",
                      r"<h2>Released density</h2>.*?(?=<h2>|</body>)")),
    **{f"sanitizedensity (visits, ε = {e})": Entry(
        "mobilitydp:sanitizedensity", _cdr_city_visits(e),
        noisy={"OUTPUT": {"count"}, "WIDE": {f"s{s:02d}" for s in range(24)}},
        internal={"TRUTH"},
        report_noisy=(r"<h3>Chosen from the noisy totals.*?</table>",
                      r"<h2>Released density</h2>.*?(?=<h2>|</body>)")) for e in (0.3, 1.0)},
    "odflows": Entry("mobilitydp:odflows", _odflows,
                     noisy={"OD_TABLE": OD_NOISY, "FLOWS": OD_NOISY},
                     report_noisy=(RELEASED_HTML,)),
    "mobilityreport": Entry("mobilitydp:mobilityreport", _mobilityreport,
                            noisy={"VISITS": {"visits", "moe95", "moe95_w"} |
                                   {f"visits_w{k}" for k in range(6)}, "OD_FLOWS": OD_NOISY},
                            internal={"INTERNAL_STATISTICS"},
                            report_noisy=(RELEASED_HTML, RELEASED_JSON) + SCALED_JSON),
    "synthesizetrips": Entry("mobilitydp:synthesizetrips", _synthesizetrips,
                             noisy={"OUTPUT": SYNTHETIC_NOISY}, report_noisy=(RELEASED_HTML,)),
    "publishhistograms (direct)": Entry("mobilitydp:publishhistograms", _publishhistograms,
                                        noisy={"OUTPUT": {"count"}},
                                        report_noisy=(RELEASED_HTML,)),
}


@pytest.mark.parametrize("name", sorted(ENTRIES))
def test_only_noisy_values_differ_between_neighbours(qgis_app, tmp_path, name):
    diffs = neighbouring_differences(ENTRIES[name], tmp_path)
    assert not diffs, "\n".join(diffs)


def test_negative_control_a_raw_total_in_the_report_is_caught(qgis_app, tmp_path):
    honest = Entry(_toy(leaky=False), _toy_params, noisy={"OUTPUT": {"noisy"}})
    assert neighbouring_differences(honest, tmp_path) == []
    leaky = Entry(_toy(leaky=True), _toy_params, noisy={"OUTPUT": {"noisy"}})
    diffs = neighbouring_differences(leaky, tmp_path)
    assert len(diffs) == 1 and diffs[0].startswith("/REPORT") and "true total" in diffs[0]
    # and a noisy field not declared noisy is caught too
    undeclared = Entry(_toy(leaky=False), _toy_params, noisy={})
    assert any(d.startswith("/OUTPUT/rows[0]/noisy") for d in
               neighbouring_differences(undeclared, tmp_path))
