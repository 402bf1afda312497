"""Populations through QGIS: a weekly series of trip files of the same people (the project's
generator, 10 % churn a week), written as GeoPackage, CSV, a reprojected copy and a 70 % subset,
released weekly with odflows under a policy declared once (ε = 1 per week, 4 per month): every
release is charged to one population, the fifth release of June is refused before any noise,
a disjoint population's file gets its own budget, a 30 % overlap is refused with its estimate,
and a shipped model and qgis_process charge the same way."""
from __future__ import annotations

import datetime as dt
import json
import os
import re

import numpy as np
import pytest

from ..support.geography import grid_city

ALG = "mobilitydp:odflows"
X0, Y0 = 650000.0, 6860000.0            # the grid city placed in Lambert-93
PEOPLE = 5000
MONDAYS = [dt.date(2026, 6, 1) + dt.timedelta(weeks=w) for w in range(6)]  # 5 in June


def weekly_ids(rng, weeks, n=PEOPLE, churn=0.1):
    """The user ids of each week: the same ``n`` people, ``churn`` of them replaced a week."""
    ids, fresh, out = rng.choice(10**9, n, replace=False) + 10**9, 3 * 10**9, []
    for _ in range(weeks):
        out.append(ids.copy())
        gone = rng.choice(n, int(churn * n), replace=False)
        ids[gone] = np.arange(fresh, fresh + gone.size)
        fresh += gone.size
    return out


def week_trips(geo, monday, ids, seed):
    """One day of trips of the week's people (dpcore.demo_data's trajectories; vehicle k is the
    person ``ids[k]``): user id, origin, destination (Lambert-93), start and end (epoch s)."""
    from mobility_dp.dpcore.demo_data import generate_trajectories
    from mobility_dp.dpcore.random.rng import make_rng
    tr = generate_trajectories(geo, rng=make_rng(seed), n_vehicles=ids.size, days=1,
                               start=f"{monday.isoformat()}T00:00:00")
    first = np.flatnonzero(np.r_[True, tr.trip_id[1:] != tr.trip_id[:-1]])
    start = tr.t[first].astype(float)
    end = np.maximum.reduceat(tr.t, first).astype(float)
    return dict(user=ids[tr.trip_vehicle], origin=tr.trip_origin + (X0, Y0),
                dest=tr.trip_dest + (X0, Y0), start=start, end=end)


def subset(trips, keep_users):
    keep = np.isin(trips["user"], keep_users)
    return {k: v[keep] for k, v in trips.items()}


def write_gpkg(path, trips, epsg=2154):
    """Trips as lines (origin → destination) in ``epsg``, with user_id, start, end."""
    from osgeo import ogr, osr
    src = osr.SpatialReference()
    src.ImportFromEPSG(2154)
    dst = osr.SpatialReference()
    dst.ImportFromEPSG(epsg)
    for s in (src, dst):
        s.SetAxisMappingStrategy(osr.OAMS_TRADITIONAL_GIS_ORDER)
    tf = osr.CoordinateTransformation(src, dst)
    ds = ogr.GetDriverByName("GPKG").CreateDataSource(str(path))
    layer = ds.CreateLayer("trips", dst, ogr.wkbLineString)
    for name, kind in (("user_id", ogr.OFTInteger64), ("start", ogr.OFTInteger64),
                       ("end", ogr.OFTInteger64)):
        layer.CreateField(ogr.FieldDefn(name, kind))
    layer.StartTransaction()
    defn = layer.GetLayerDefn()
    for u, o, d, t0, t1 in zip(trips["user"].tolist(), trips["origin"].tolist(),
                               trips["dest"].tolist(), trips["start"].tolist(),
                               trips["end"].tolist()):
        f = ogr.Feature(defn)
        g = ogr.Geometry(ogr.wkbLineString)
        g.AddPoint_2D(*o)
        g.AddPoint_2D(*d)
        g.Transform(tf)
        f.SetGeometry(g)
        f.SetField("user_id", u)
        f.SetField("start", int(t0))
        f.SetField("end", int(t1))
        layer.CreateFeature(f)
    layer.CommitTransaction()
    ds = None
    return str(path)


def write_csv(path, trips):
    """The trips as a CSV table of coordinates (Lambert-93) and times."""
    cols = np.column_stack([trips["user"], trips["origin"], trips["dest"], trips["start"],
                            trips["end"]])
    np.savetxt(path, cols, fmt=["%d", "%.2f", "%.2f", "%.2f", "%.2f", "%d", "%d"], delimiter=",",
               header="user_id,ox,oy,dx,dy,start,end", comments="")
    return str(path)


def write_points(path, geo, monday, ids, seed):
    """The GPS fixes of one day of the week's people (the shipped model's layout)."""
    from osgeo import ogr, osr

    from mobility_dp.dpcore.demo_data import generate_trajectories
    from mobility_dp.dpcore.random.rng import make_rng
    tr = generate_trajectories(geo, rng=make_rng(seed), n_vehicles=ids.size, days=1,
                               start=f"{monday.isoformat()}T00:00:00")
    srs = osr.SpatialReference()
    srs.ImportFromEPSG(2154)
    ds = ogr.GetDriverByName("GPKG").CreateDataSource(str(path))
    layer = ds.CreateLayer("fixes", srs, ogr.wkbPoint)
    for name in ("user_id", "trip", "time"):
        layer.CreateField(ogr.FieldDefn(name, ogr.OFTInteger64))
    layer.StartTransaction()
    defn = layer.GetLayerDefn()
    for u, k, t, x, y in zip(ids[tr.vehicle_id].tolist(), tr.trip_id.tolist(), tr.t.tolist(),
                             (tr.x + X0).tolist(), (tr.y + Y0).tolist()):
        f = ogr.Feature(defn)
        f.SetGeometry(ogr.CreateGeometryFromWkt(f"POINT ({x} {y})"))
        f.SetField("user_id", u)
        f.SetField("trip", k)
        f.SetField("time", t)
        layer.CreateFeature(f)
    layer.CommitTransaction()
    ds = None
    return str(path)


def write_zones(path, geo):
    from osgeo import ogr, osr
    srs = osr.SpatialReference()
    srs.ImportFromEPSG(2154)
    ds = ogr.GetDriverByName("GPKG").CreateDataSource(str(path))
    layer = ds.CreateLayer("zones", srs, ogr.wkbPolygon)
    layer.CreateField(ogr.FieldDefn("zone", ogr.OFTString))
    for k, poly in enumerate(geo.zones):
        f = ogr.Feature(layer.GetLayerDefn())
        x0, y0, x1, y1 = poly.bounds
        f.SetGeometry(ogr.CreateGeometryFromWkt(
            f"POLYGON (({x0 + X0} {y0 + Y0}, {x1 + X0} {y0 + Y0}, {x1 + X0} {y1 + Y0}, "
            f"{x0 + X0} {y1 + Y0}, {x0 + X0} {y0 + Y0}))"))
        f.SetField("zone", f"z{k}")
        layer.CreateFeature(f)
    ds = None
    return str(path)


def odflows(trips, zones, out, ledger, monday=None, **kw):
    """odflows parameters for one weekly release (window: the week, when ``monday`` is given)."""
    os.makedirs(out, exist_ok=True)
    p = {"INPUT": trips, "USER_FIELD": "user_id", "START_FIELD": "start", "END_FIELD": "end",
         "ZONES": zones, "ZONE_ID_FIELD": "zone", "MAX_TRIPS": 4, "EPSILON": 1.0, "SEED": 5,
         "LEDGER": ledger, "OD_TABLE": os.path.join(out, "od.gpkg"),
         "FLOWS": os.path.join(out, "flows.gpkg"), "REPORT": os.path.join(out, "report.html")}
    if monday is not None:
        p.update(START=f"{monday.isoformat()}T00:00:00",
                 END=f"{(monday + dt.timedelta(days=6)).isoformat()}T23:59:59")
    p.update(kw)
    return p


def csv_layer(path):
    """The CSV as QGIS's delimited-text layer (a table: no geometry)."""
    from qgis.core import QgsVectorLayer
    layer = QgsVectorLayer(f"file://{path}?type=csv&delimiter=,&detectTypes=yes&geomType=none",
                           "week2", "delimitedtext")
    assert layer.isValid() and layer.featureCount() > 0
    return layer


@pytest.fixture(scope="module")
def series(tmp_path_factory):
    d = tmp_path_factory.mktemp("weekly")
    geo = grid_city(n_side=8, cell_m=500.0, n_towers=60, seed=1)
    rng = np.random.default_rng(7)
    ids = weekly_ids(rng, len(MONDAYS))
    trips = [week_trips(geo, m, i, 100 + w) for w, (m, i) in enumerate(zip(MONDAYS, ids))]
    seventy = rng.choice(ids[3], int(0.7 * PEOPLE), replace=False)
    other = np.arange(7 * 10**9, 7 * 10**9 + 3000)
    mixed = np.concatenate([ids[0][:1500], np.arange(8 * 10**9, 8 * 10**9 + 3500)])
    return dict(
        geo=geo, ids=ids, zones=write_zones(d / "zones.gpkg", geo), dir=d,
        week1=write_gpkg(d / "week1.gpkg", trips[0]),
        week2=write_csv(d / "week2.csv", trips[1]),
        week3=write_gpkg(d / "week3_3857.gpkg", trips[2], epsg=3857),
        week4=write_gpkg(d / "week4_subset.gpkg", subset(trips[3], seventy)),
        week5=write_gpkg(d / "week5.gpkg", trips[4]),
        # the people of week 5 (whose release June's cap refused), exported a week later
        week6=write_points(d / "week6_fixes.gpkg", geo, MONDAYS[5], ids[4], 105),
        other=write_gpkg(d / "other_city.gpkg", week_trips(geo, MONDAYS[0], other, 200)),
        mixed=write_gpkg(d / "mixed.gpkg", week_trips(geo, MONDAYS[1], mixed, 201)))


def _ledger(path):
    with open(path, encoding="utf-8") as fh:
        return json.load(fh)


def test_weekly_series_is_charged_per_person(series, run_alg, tmp_path):
    import processing
    from qgis.core import (
        QgsProcessingContext,
        QgsProcessingException,
        QgsProcessingFeedback,
        QgsProcessingModelAlgorithm,
    )

    from mobility_dp.dpcore.accounting.ledger import Ledger
    zones, ledger = series["zones"], str(tmp_path / "ledger.json")
    res = run_alg("mobilitydp:declarepopulation", {
        "LEDGER": ledger, "POPULATION_ID": "subscribers", "EPSILON": 52, "DELTA": 0,
        "HORIZON": "per year 2026", "EPSILON_PER_WEEK": 1, "EPSILON_PER_MONTH": 4})
    assert "ε = 1 per calendar week" in res["POLICY"]
    # week 1 names its population (it is new); weeks 2–4 join it without any user action
    run_alg(ALG, odflows(series["week1"], zones, str(tmp_path / "w1"), ledger, MONDAYS[0],
                         POPULATION_ID="subscribers"))
    weeks = [(series["week2"], dict(INPUT=csv_layer(series["week2"]), START_FIELD="start",
                                    ORIGIN_X="ox", ORIGIN_Y="oy", DEST_X="dx", DEST_Y="dy",
                                    TABLE_CRS="EPSG:2154")),
             (series["week3"], {}), (series["week4"], {})]
    for w, (path, extra) in enumerate(weeks, start=1):
        res = run_alg(ALG, odflows(path, zones, str(tmp_path / f"w{w + 1}"), ledger, MONDAYS[w],
                                   **extra))
        assert res["EPSILON_SPENT"] == 1.0                 # exactly: the parts add up
    book = Ledger(ledger)
    names = book.datasets()
    assert len(names) == 4 and {book.population(n) for n in names} == {"subscribers"}
    assert book.population_spent("subscribers", "month", "2026-06") == (4.0, 0.0)
    periods = sorted(tuple(e["period"]) for n in names for e in book.entries(n))
    assert periods[0] == ("2026-06-01", "2026-06-07") and len(periods) == 4
    html = (tmp_path / "w4" / "report.html").read_text(encoding="utf-8")
    assert "population subscribers" in html and "per year 2026" in html
    assert "2026-06-22 to 2026-06-28" in html and "per calendar month" in html
    # the fifth release of June: refused before any noise, ledger unchanged, no output
    before = (tmp_path / "ledger.json").read_bytes()
    with pytest.raises(QgsProcessingException, match=r"per month exceeded .*'subscribers' in "
                                                     r"2026-06.*No noise was drawn"):
        run_alg(ALG, odflows(series["week5"], zones, str(tmp_path / "w5"), ledger, MONDAYS[4]))
    assert (tmp_path / "ledger.json").read_bytes() == before
    assert not os.listdir(tmp_path / "w5")
    # a disjoint population's file gets its own budget (it must give one)
    with pytest.raises(QgsProcessingException, match="in no population"):
        run_alg(ALG, odflows(series["other"], zones, str(tmp_path / "o"), ledger, MONDAYS[0]))
    run_alg(ALG, odflows(series["other"], zones, str(tmp_path / "o2"), ledger, MONDAYS[0],
                         BUDGET_EPSILON=2))
    other = [n for n in book.datasets() if n.endswith("other_city.gpkg")][0]
    assert book.population(other) == other
    # a 30 % overlap: refused with its estimate, which names the parameter to set
    with pytest.raises(QgsProcessingException, match="POPULATION_ID") as err:
        run_alg(ALG, odflows(series["mixed"], zones, str(tmp_path / "m"), ledger, MONDAYS[1],
                             BUDGET_EPSILON=2))
    estimate = int(re.search(r"'subscribers' \((\d+)%\)", str(err.value)).group(1)) / 100
    assert abs(estimate - 0.3) <= 0.05
    assert not os.listdir(tmp_path / "m")
    # July: the shipped model (GPS fixes, no time window: the period is the data's dates)
    model = QgsProcessingModelAlgorithm()
    assert model.fromFile(os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(
        os.path.abspath(__file__)))), "models", "trips_to_od_flows.model3"))
    res = processing.run(model, {
        "trips": series["week6"], "user_field": "user_id", "trip_field": "trip",
        "time_field": "time", "zones": zones, "zone_field": "zone", "max_trips": 4,
        "epsilon": 1.0, "odflows:flow_map": str(tmp_path / "map.gpkg"),
        "odflows:od_table": str(tmp_path / "od6.gpkg"),
        "odflows:report": str(tmp_path / "r6.html"), "ledger": ledger},
        context=QgsProcessingContext(), feedback=QgsProcessingFeedback())
    assert res["odflows:epsilon_spent"] == 1.0
    week6 = [n for n in book.datasets() if n.endswith("week6_fixes.gpkg")][0]
    assert book.population(week6) == "subscribers"
    assert book.entries(week6)[0]["period"] == ["2026-07-06", "2026-07-06"]
    assert book.population_spent("subscribers") == (5.0, 0.0)
    assert book.population_spent("subscribers", "week", "2026-W28") == (1.0, 0.0)
    # the policy can be tightened, not loosened, once spending started
    run_alg("mobilitydp:declarepopulation", {
        "LEDGER": ledger, "POPULATION_ID": "subscribers", "EPSILON": 40,
        "HORIZON": "per year 2026", "EPSILON_PER_WEEK": 1, "EPSILON_PER_MONTH": 3})
    with pytest.raises(QgsProcessingException, match="can only be tightened"):
        run_alg("mobilitydp:declarepopulation", {
            "LEDGER": ledger, "POPULATION_ID": "subscribers", "EPSILON": 40,
            "HORIZON": "per year 2026", "EPSILON_PER_WEEK": 2, "EPSILON_PER_MONTH": 3})
    assert _ledger(ledger)["populations"]["subscribers"]["policy"]["caps"] == \
        {"month": 3.0, "week": 1.0}


def test_qgis_process_joins_the_population(series, qgis_process, tmp_path):
    """qgis_process: the declaration, then a CSV copy of week 1 joins the population of the
    GeoPackage's first release and the week's cap refuses it (nothing charged, no output)."""
    ledger = str(tmp_path / "ledger.json")
    code, _, text = qgis_process("mobilitydp:declarepopulation", {
        "LEDGER": ledger, "POPULATION_ID": "subscribers", "EPSILON": 52,
        "HORIZON": "per year 2026", "EPSILON_PER_WEEK": 1})
    assert code == 0, text
    code, data, text = qgis_process(ALG, odflows(
        series["week1"], series["zones"], str(tmp_path / "a"), ledger, MONDAYS[0],
        POPULATION_ID="subscribers"))
    assert code == 0 and data["results"]["EPSILON_SPENT"] == 1.0, text
    week1 = write_gpkg(tmp_path / "copy of week1.gpkg", week_trips(
        series["geo"], MONDAYS[0], series["ids"][0], 100))
    code, data, text = qgis_process(ALG, odflows(week1, series["zones"], str(tmp_path / "b"),
                                                 ledger, MONDAYS[0]))
    assert code != 0 and "per week exceeded for population 'subscribers'" in text
    assert not os.listdir(tmp_path / "b")
    assert [len(d["entries"]) for d in _ledger(ledger)["datasets"].values()] == [1]
