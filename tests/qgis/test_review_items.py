"""Issue 25 items 8 and 9 through processing.run: dropped rows are said in the run's log, and a
layer whose lon/lat coordinates are declared in a metric CRS is refused, not tessellated to 0 m²."""
import pytest

from ..support.od_layers import TRIPS, lines, zones
from .test_tessellation import VORONOI, points


def _run(alg_id, params):
    import processing
    from qgis.core import QgsProcessingContext, QgsProcessingFeedback
    warnings = []
    feedback = QgsProcessingFeedback()
    feedback.pushWarning = lambda m: warnings.append(m)
    res = processing.run(alg_id, params, context=QgsProcessingContext(), feedback=feedback)
    return res, warnings


@pytest.mark.parametrize("alg_id", ["mobilitydp:odflows", "mobilitydp:mobilityreport"])
def test_trips_outside_every_zone_are_said_in_the_log(qgis_app, tmp_path, alg_id):
    """Item 8: 30 % of trips outside every zone were dropped with no word in the log."""
    outside = [("u3", 7, 8, 100), ("u4", 9, 7, 200), ("u3", 0, 9, 300)]   # zones 7–9: none
    params = {"INPUT": lines(trips=TRIPS + outside), "USER_FIELD": "user_id",
              "ZONES": zones(), "ZONE_ID_FIELD": "zone", "MAX_TRIPS": 5, "EPSILON": 1.0,
              "SEED": 1, "REPORT": str(tmp_path / "r.html")}
    if alg_id.endswith("odflows"):
        params.update(OD_TABLE="memory:", FLOWS="memory:")
    else:
        params.update(START_FIELD="start", END_FIELD="end")
    _, warnings = _run(alg_id, params)
    assert any("3 of 8 trips (37.5 %) start or end outside every zone and were dropped" in w
               for w in warnings), warnings
    _, quiet = _run(alg_id, {**params, "INPUT": lines()})          # control: none outside
    assert not any("outside every zone" in w for w in quiet)


def test_lonlat_declared_in_a_metric_crs_is_refused(qgis_app, tmp_path):
    """Item 9: towers in lon/lat declared EPSG:2154 gave a 0.0 m² study area, silently."""
    from qgis.core import QgsProcessingException
    towers = points([(2.30, 48.85), (2.35, 48.86), (2.32, 48.88), (2.29, 48.87)])
    out = str(tmp_path / "cells.gpkg")
    with pytest.raises(QgsProcessingException, match="look like longitude/latitude.*"
                                                     "EPSG:4326"):
        _run(VORONOI, {"INPUT": towers, "OUTPUT": out, "TOWER_TABLE": "memory:"})
    _run(VORONOI, {"INPUT": points([(652300, 6862850), (652350, 6862860), (652320, 6862880)]),
                   "OUTPUT": out, "TOWER_TABLE": "memory:"})    # control: metres pass


def test_events_with_unreadable_times_are_said_in_the_log(qgis_app, tmp_path):
    """Item 8: sanitizedensity dropped 25 % of events with unreadable times silently (only the
    internal report counted them)."""
    from .test_density import _params, write_city
    city = write_city(tmp_path)
    with open(city["events"], encoding="utf-8") as fh:
        header, *rows = fh.read().splitlines()
    broken = [r if k % 4 else ",".join(r.split(",")[:2] + ["not a time"])
              for k, r in enumerate(rows)]
    with open(city["events"], "w", encoding="utf-8") as fh:
        fh.write("\n".join([header] + broken) + "\n")
    n_bad = sum(1 for k in range(len(rows)) if k % 4 == 0)
    _, warnings = _run("mobilitydp:sanitizedensity", _params(city))
    assert any(f"{n_bad:,} of {len(rows):,} events" in w and "unreadable time" in w
               for w in warnings), warnings
