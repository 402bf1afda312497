"""Issue 25 item 3 against a real PostGIS: odflows and sanitizedensity read a password-protected
database; the ledger's dataset id names host, database and table only, and no credential reaches
the ledger, the log or a report; a ledger written with the old ids (the whole URI) keeps its
budget. A throwaway cluster (Debian's postgresql + postgis, installed by scripts/setup) runs on a
free local port as an unprivileged user (initdb refuses root) and is removed afterwards."""
import glob
import json
import os
import shutil
import socket
import subprocess
import tempfile

import pytest

from ..support.od_layers import lines, zones
from .test_density import _params as density_params
from .test_density import write_city

SECRET, USER = "s3cret-Pa55", "analyst"


def _bin(name):
    found = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"))
    assert found, f"{name} not found: scripts/setup installs postgresql and postgis"
    return found[-1]


def _free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def postgis(qgis_app):
    """(uri prefix without table, port): a running cluster with PostGIS and a password user."""
    root = os.geteuid() == 0
    as_user = ["runuser", "-u", "postgres", "--"] if root else []
    base = tempfile.mkdtemp(prefix="mobilitydp-pg-")
    data = os.path.join(base, "data")
    if root:
        shutil.chown(base, "postgres", "postgres")
    port = _free_port()

    def run(*cmd, **kw):
        return subprocess.run(as_user + list(cmd), check=True, capture_output=True, text=True,
                              timeout=120, **kw)
    run(_bin("initdb"), "-D", data, "-U", "postgres", "--auth-local=trust",
        "--auth-host=scram-sha-256", "-E", "UTF8")
    run(_bin("pg_ctl"), "-D", data, "-w", "-l", os.path.join(base, "log"), "-o",
        f"-p {port} -k {base} -c listen_addresses=127.0.0.1", "start")
    try:
        def sql(statement, db="postgres"):
            return run(_bin("psql"), "-h", base, "-p", str(port), "-U", "postgres", "-d", db,
                       "-v", "ON_ERROR_STOP=1", "-c", statement)
        sql(f"CREATE ROLE {USER} LOGIN PASSWORD '{SECRET}'")
        sql(f"CREATE DATABASE mobility OWNER {USER}")
        sql("CREATE EXTENSION postgis", db="mobility")
        sql("CREATE TABLE trips (id serial PRIMARY KEY, user_id text, start text, \"end\" text, "
            "geom geometry(LineString, 4326))", db="mobility")
        sql("INSERT INTO trips (user_id, start, \"end\", geom) VALUES " + ", ".join(
            f"('{f['user_id']}', '{f['start']}', '{f['end']}', "
            f"ST_GeomFromText('{f.geometry().asWkt()}', 4326))"
            for f in lines("EPSG:4326").getFeatures()), db="mobility")
        sql(f"ALTER TABLE trips OWNER TO {USER}", db="mobility")
        yield {"sql": sql, "port": port, "base": base,
               "uri": (f"dbname='mobility' host=127.0.0.1 port={port} user='{USER}' "
                       f"password='{SECRET}' sslmode=disable")}
    finally:
        subprocess.run(as_user + [_bin("pg_ctl"), "-D", data, "-m", "fast", "-w", "stop"],
                       capture_output=True, timeout=120)
        shutil.rmtree(base, ignore_errors=True)


def _layer(uri, name):
    from qgis.core import QgsVectorLayer
    layer = QgsVectorLayer(uri, name, "postgres")
    assert layer.isValid(), f"cannot open {name} from PostGIS: {layer.error().message()}"
    return layer


def _run(alg_id, params):
    """processing.run with every feedback channel captured (the run's log)."""
    import processing
    from qgis.core import QgsProcessingContext, QgsProcessingFeedback
    log = []
    feedback = QgsProcessingFeedback()
    for channel in ("pushInfo", "pushWarning", "pushDebugInfo", "pushConsoleInfo",
                    "pushCommandInfo", "setProgressText"):
        setattr(feedback, channel, lambda m, log=log: log.append(str(m)))
    feedback.reportError = lambda m, fatal=False: log.append(str(m))
    res = processing.run(alg_id, params, context=QgsProcessingContext(), feedback=feedback)
    return res, "\n".join(log)


def _no_credentials(*texts):
    for text in texts:
        assert SECRET not in text and f"user='{USER}'" not in text and "password" not in text


def test_odflows_and_sanitizedensity_read_postgis_without_leaking(qgis_app, postgis, tmp_path):
    sql = postgis["sql"]
    city = write_city(tmp_path)
    sql("CREATE TABLE events (id serial PRIMARY KEY, user_id text, tower_id integer, "
        "time bigint)", db="mobility")
    with open(city["events"], encoding="utf-8") as fh:
        rows = [line.strip().split(",") for line in fh.readlines()[1:]]
    sql("INSERT INTO events (user_id, tower_id, time) VALUES " +
        ", ".join(f"('{u}', {t}, {s})" for u, t, s in rows), db="mobility")
    sql(f"ALTER TABLE events OWNER TO {USER}", db="mobility")

    ledger = str(tmp_path / "ledger.json")
    port = postgis["port"]
    uri = postgis["uri"]
    runs = [("mobilitydp:odflows", {
                "INPUT": _layer(f"{uri} key='id' srid=4326 type=LineString "
                                'table="public"."trips" (geom)', "trips"),
                "USER_FIELD": "user_id", "ZONES": zones(), "ZONE_ID_FIELD": "zone",
                "MAX_TRIPS": 5, "EPSILON": 1.0, "OD_TABLE": str(tmp_path / "od.gpkg"),
                "FLOWS": str(tmp_path / "flows.gpkg")},
             f"postgres://127.0.0.1:{port}/mobility/public.trips"),
            ("mobilitydp:sanitizedensity", density_params(
                city, INPUT=_layer(f"{uri} key='id' table=\"public\".\"events\"", "events"),
                OUTPUT=str(tmp_path / "density.gpkg")),
             f"postgres://127.0.0.1:{port}/mobility/public.events")]
    for alg_id, params, expected_id in runs:
        name = alg_id.split(":")[1]
        report, internal = str(tmp_path / f"{name}.html"), str(tmp_path / f"{name}-int.html")
        res, log = _run(alg_id, {**params, "LEDGER": ledger, "BUDGET_EPSILON": 5.0,
                                 "BUDGET_DELTA": 1e-3,
                                 "REPORT": report, "INTERNAL_REPORT": internal})
        data = json.load(open(ledger, encoding="utf-8"))
        assert expected_id in data["datasets"], list(data["datasets"])
        assert expected_id in log                                # the id is said, not the URI
        _no_credentials(open(ledger, encoding="utf-8").read(), log,
                        open(report, encoding="utf-8").read(),
                        open(internal, encoding="utf-8").read(), json.dumps(res, default=str))


def test_ledger_with_the_old_uri_id_keeps_its_budget(qgis_app, postgis, tmp_path):
    """A ledger written before version 2 keyed the table by its whole URI (password and all):
    the run is charged against that budget, and the rewritten ledger holds no credential."""
    from qgis.core import QgsProcessingException
    uri = f"{postgis['uri']} key='id' srid=4326 type=LineString table=\"public\".\"trips\" (geom)"
    layer = _layer(uri, "trips")
    ledger = tmp_path / "ledger.json"
    ledger.write_text(json.dumps({"version": 1, "datasets": {layer.source(): {
        "budget": {"epsilon": 1.5, "delta": 0.0, "unit": "ε", "unit_of_privacy": "user"},
        "entries": [{"id": "old", "time": "2026-01-01T00:00:00+00:00", "label": "old run",
                     "status": "spent", "unit": "ε", "unit_of_privacy": "user",
                     "epsilon": 1.0, "delta": 0.0, "parts": []}]}}}))
    params = {"INPUT": layer, "USER_FIELD": "user_id", "ZONES": zones(), "ZONE_ID_FIELD": "zone",
              "MAX_TRIPS": 5, "EPSILON": 1.0, "OD_TABLE": "memory:", "FLOWS": "memory:",
              "LEDGER": str(ledger)}
    with pytest.raises(QgsProcessingException, match="budget exceeded.*spent ε=1"):
        _run("mobilitydp:odflows", params)               # the old spending counts: 1 + 1 > 1.5
    _run("mobilitydp:odflows", {**params, "EPSILON": 0.5})
    data = json.loads(ledger.read_text())
    (ds,) = data["datasets"].values()
    assert data["version"] == 2 and len(ds["entries"]) == 2 and ds["migrated_from"]
    _no_credentials(ledger.read_text())
