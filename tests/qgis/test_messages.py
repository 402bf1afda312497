"""Messages and reports a person reads, on trips over the real Paris IRIS cells: labels, not
internal keys; rounded numbers; no help text in a message; the counts the user gave."""
import html
import math
import re

import pytest

from ..support import zone_world as zw


@pytest.fixture(scope="module")
def trips(tmp_path_factory):
    d = tmp_path_factory.mktemp("messages")
    path, n = zw.trips_csv(d / "trips.csv", n_users=120)
    return {"path": path, "n": n, "dir": d}


def _base(trips, **kw):
    p = dict(INPUT=trips["path"], USER_FIELD="user_id", ORIGIN_X="ox", ORIGIN_Y="oy",
             DEST_X="dx", DEST_Y="dy", TABLE_CRS="EPSG:4326", START_FIELD="start",
             END_FIELD="end", ZONES=zw.IRIS, ZONE_ID_FIELD="iris_id", EPSILON=1.0, SEED=1)
    p.update(kw)
    return p


def test_odflows_noise_table_has_labels_and_rounded_numbers(run_alg, trips):
    report = str(trips["dir"] / "od.html")
    run_alg("mobilitydp:odflows", _base(trips, OD_TABLE="memory:", FLOWS="memory:",
                                        REPORT=report))
    with open(report, encoding="utf-8") as f:
        text = html.unescape(f.read())
    section = text[text.index("Noise and margin of error"):]
    section = section[:section.index("</table>", section.index("</table>") + 1)]
    assert "prior_zero_share" not in section and "margin_of_error_95" not in section
    share = re.search(r"share of pairs with no one \(fitted prior\)</td><td>([^<]*)<", section)
    assert share and re.fullmatch(r"\d{1,3}(\.\d{1,2})? %", share.group(1)), share
    numbers = re.findall(r"<td>(-?[\d,]*\.\d+)</td>", section)
    assert numbers and all(len(n.replace(",", "").replace(".", "").lstrip("0-")) <= 3
                           for n in numbers), numbers


def test_bin_refusal_names_the_label_without_its_help(run_alg, trips):
    from qgis.core import QgsProcessingException
    with pytest.raises(QgsProcessingException) as err:
        run_alg("mobilitydp:mobilityreport", _base(trips, TIME_WINDOWS="0,six,24",
                                                   STATISTICS="memory:"))
    message = str(err.value)
    assert message.startswith("Time windows (UTC hours): '0,six,24' is not a comma-separated")
    assert "|" not in message and "hour boundaries" not in message


def test_missing_times_refusal_counts_the_trips_given_not_the_sample(run_alg, trips):
    """Trips without times, fewer kept per person than given: the message names the input."""
    from qgis.core import QgsProcessingException
    params = _base(trips, MAX_TRIPS=2, OUTPUT="memory:")
    del params["START_FIELD"], params["END_FIELD"]
    with pytest.raises(QgsProcessingException) as err:
        run_alg("mobilitydp:mobilityreport", params)
    n = trips["n"]
    assert n > 240  # more trips than two per person: the sample is smaller
    assert f"needs trip times: {n:,} of the {n:,} trips have no start or end time" \
        in str(err.value)


def _mercator(lon, lat):
    r = 6378137.0
    lon, lat = math.radians(float(lon)), math.radians(float(lat))
    return r * lon, r * math.log(math.tan(math.pi / 4 + lat / 2))


def _wkt_csv(trips):
    """The trips CSV with a WKT column (the trip as a line in web-Mercator metres), as a
    layer exported "as CSV with geometry" keeps one: OGR reads it as the geometry, with no
    CRS; the lon/lat coordinate fields are the ones to read."""
    import csv
    path = trips["dir"] / "trips_wkt.csv"
    with open(trips["path"], newline="") as src, open(path, "w", newline="") as dst:
        rows = csv.reader(src)
        out = csv.writer(dst)
        out.writerow(["WKT"] + next(rows))
        for r in rows:
            (ox, oy), (dx, dy) = _mercator(r[1], r[2]), _mercator(r[3], r[4])
            out.writerow([f"LINESTRING ({ox:.2f} {oy:.2f}, {dx:.2f} {dy:.2f})"] + r)
    return str(path)


def test_csv_with_a_wkt_column_honours_the_coordinate_fields(run_alg, trips):
    """Before: read as lines with no CRS, then "all … trips … outside every zone"."""
    path = _wkt_csv(trips)
    internal = str(trips["dir"] / "internal.html")
    run_alg("mobilitydp:odflows", _base(trips, INPUT=path, OD_TABLE="memory:", FLOWS="memory:",
                                        INTERNAL_REPORT=internal))
    with open(internal, encoding="utf-8") as f:
        text = f.read()
    assert re.search(rf"trips used</td><td>{trips['n']}<", text), "every trip is read"


def test_csv_with_a_wkt_column_and_no_coordinate_fields_says_why(run_alg, trips):
    from qgis.core import QgsProcessingException
    params = _base(trips, INPUT=_wkt_csv(trips), OD_TABLE="memory:", FLOWS="memory:")
    for key in ("ORIGIN_X", "ORIGIN_Y", "DEST_X", "DEST_Y"):
        del params[key]
    with pytest.raises(QgsProcessingException, match=r"the trips layer has geometries but no "
                       r"CRS \(a CSV whose WKT column was read as the geometry\?\)"):
        run_alg("mobilitydp:odflows", params)
