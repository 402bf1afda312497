"""What a publishable output may carry: no local folder of the analyst (the ledger and the
internal report keep the full dataset id), one dataset id per file whatever path names it,
and a seeded run marked in every output layer's own metadata."""
import os

from ..support.od_layers import lines, save, zones

ODFLOWS = "mobilitydp:odflows"


def _run(run_alg, trips, out, **kw):
    out.mkdir()
    p = {"INPUT": trips, "USER_FIELD": "user_id", "ZONES": str(out.parent / "zones.gpkg"),
         "ZONE_ID_FIELD": "zone", "MAX_TRIPS": 5, "EPSILON": 1.0,
         "OD_TABLE": str(out / "od.gpkg"), "FLOWS": str(out / "flows.gpkg"),
         "REPORT": str(out / "report.html"), "INTERNAL_REPORT": str(out / "internal.html")}
    p.update(kw)
    return run_alg(ODFLOWS, p)


def _bytes(path):
    with open(path, "rb") as fh:
        return fh.read()


def test_no_local_path_in_public_outputs_and_one_id_per_file(run_alg, tmp_path):
    from mobility_dp.dpcore.accounting.dataset_ids import dataset_id
    from mobility_dp.dpcore.accounting.ledger import Ledger
    private = tmp_path / "home" / "alice" / "private"
    private.mkdir(parents=True)
    trips = save(lines(), private / "trips.gpkg")
    save(zones(), tmp_path / "zones.gpkg")
    os.symlink(trips, tmp_path / "trips-link.gpkg")
    ledger = str(tmp_path / "ledger.json")
    folder = str(private).encode()
    runs = [_run(run_alg, trips, tmp_path / "a", LEDGER=ledger, BUDGET_EPSILON=10),
            _run(run_alg, str(tmp_path / "trips-link.gpkg"), tmp_path / "b", LEDGER=ledger),
            _run(run_alg, f"{trips}|layername=trips", tmp_path / "c", LEDGER=ledger)]
    ident = dataset_id(trips)
    assert len(Ledger(ledger).entries(ident)) == 3          # one budget whatever the path form
    for res in runs:
        public = _bytes(res["REPORT"])
        assert b"trips.gpkg" in public                     # named by its file name
        for output in ("REPORT", "OD_TABLE", "FLOWS"):
            assert folder not in _bytes(res[output].split("|")[0]), output
        assert ident.encode() in _bytes(res["INTERNAL_REPORT"])   # the full id stays internal


def _description(uri):
    from osgeo import gdal
    from qgis.core import QgsVectorLayer
    path, _, options = uri.partition("|")
    name = options.split("layername=")[1] if "layername=" in options else None
    source = gdal.OpenEx(path, gdal.OF_VECTOR)
    layer = source.GetLayerByName(name) if name else source.GetLayer(0)
    text = layer.GetMetadataItem("DESCRIPTION") or ""
    loaded = QgsVectorLayer(uri, "out", "ogr")
    assert loaded.isValid()
    return text, loaded.metadata().abstract()


def test_seeded_runs_mark_every_output_layer(run_alg, tmp_path):
    from mobility_dp.dpcore.accounting.contract import SEEDED_NOTE
    trips = save(lines(), tmp_path / "trips.gpkg")
    save(zones(), tmp_path / "zones.gpkg")
    seeded = _run(run_alg, trips, tmp_path / "seeded", SEED=4)
    for name in ("OD_TABLE", "FLOWS"):
        description, abstract = _description(seeded[name])
        assert description.startswith(SEEDED_NOTE) and abstract.startswith(SEEDED_NOTE), name
    memory = _run(run_alg, trips, tmp_path / "memory", SEED=4, OD_TABLE="memory:",
                  FLOWS="TEMPORARY_OUTPUT")
    for name in ("OD_TABLE", "FLOWS"):
        layer = memory[name]
        if isinstance(layer, str):
            from qgis.core import QgsVectorLayer
            layer = QgsVectorLayer(layer, "out", "ogr")
        assert layer.metadata().abstract().startswith(SEEDED_NOTE), name
    secure = _run(run_alg, trips, tmp_path / "secure")                     # negative control
    for name in ("OD_TABLE", "FLOWS"):
        assert SEEDED_NOTE not in "".join(_description(secure[name])), name
