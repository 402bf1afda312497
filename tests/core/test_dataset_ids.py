"""Issue 25 item 3: the ledger's dataset id has no credentials, is the same for the same data
whichever path reads it, and is required (DATASET_ID) for sources with no stable identity;
ledgers written with the old ids keep their budgets."""
import json
import os

import pytest

from mobility_dp.dpcore.accounting.costs import Budget, PrivacyCost
from mobility_dp.dpcore.accounting.dataset_ids import (
    NoStableIdentity,
    database_id,
    dataset_id,
    fingerprint,
    migrate_ledger,
    public_name,
)
from mobility_dp.dpcore.accounting.ledger import BudgetExceeded, Ledger

PG = ("dbname='mobility' host=db.example.org port=5433 user='analyst' password='secret123' "
      "sslmode=disable key='fid' srid=4326 type=Point checkPrimaryKeyUnicity='1' "
      'table="public"."events" (geom) sql=user_id > 10')
SECRETS = ("analyst", "secret123", "password", "user=")


def test_postgis_id_names_host_database_and_table_only():
    ident = dataset_id(PG, "postgres")
    assert ident == "postgres://db.example.org:5433/mobility/public.events"
    assert not any(s in ident for s in SECRETS)
    # the same table with other credentials, another filter, key order or an authcfg: same id
    other = ("host=db.example.org dbname=mobility port=5433 authcfg=ab12cd "
             'table="public"."events" (geom)')
    assert dataset_id(other, "postgres") == ident
    assert dataset_id("PG:" + PG) == ident                                  # OGR's form
    assert dataset_id(PG.replace("port=5433", "port=5432"), "postgres") != ident


def test_service_and_spatialite_ids(tmp_path):
    assert database_id("service='prod' user='x' password='y' table=\"s\".\"t\" (g)") == \
        "postgres-service://prod/s.t"
    db = tmp_path / "store.sqlite"
    db.write_bytes(b"")
    ident = dataset_id(f"dbname='{db}' user='u' password='p' table=\"events\" (geometry)",
                       "spatialite")
    assert ident == os.path.realpath(str(db)) + "|table=events"


@pytest.mark.parametrize("source,provider", [
    ("Point?crs=EPSG:4326&uid={0c7a}", "memory"), ("memory?geometry=Point", ""),
    ("?query=SELECT * FROM t&layer=postgres:" + PG.replace(" ", "%20"), "virtual")])
def test_memory_and_virtual_layers_need_a_dataset_id(source, provider):
    with pytest.raises(NoStableIdentity, match="DATASET_ID") as info:
        dataset_id(source, provider)
    assert "secret123" not in str(info.value)


def test_unfound_source_message_hides_credentials():
    with pytest.raises(NoStableIdentity) as info:
        dataset_id("/no/such/dir/x.csv|password=hunter2")
    assert "hunter2" not in str(info.value)


def _old_ledger(path, datasets):
    path.write_text(json.dumps({"version": 1, "datasets": datasets}))


def _entry(eps):
    return {"id": f"e{eps}", "time": "2026-01-01T00:00:00+00:00", "label": "old",
            "status": "spent", "unit": "ε", "unit_of_privacy": "user", "epsilon": eps,
            "delta": 0.0, "parts": []}


def test_old_database_ids_migrate_with_their_budget(tmp_path):
    path = tmp_path / "ledger.json"
    budget = {"epsilon": 1.0, "delta": 0.0, "unit": "ε", "unit_of_privacy": "user"}
    _old_ledger(path, {PG: {"budget": budget, "entries": [_entry(0.8)]}})
    ledger = Ledger(str(path))
    new = dataset_id(PG, "postgres")
    assert ledger.spent(new) == (0.8, 0.0)                   # the old budget, not a fresh one
    with pytest.raises(BudgetExceeded):
        ledger.reserve(new, PrivacyCost.of("laplace", 0.5, unit_of_privacy="user"))
    ledger.reserve(new, PrivacyCost.of("laplace", 0.1, unit_of_privacy="user")).cancel()
    text = path.read_text()
    assert not any(s in text for s in ("secret123", "analyst"))       # rewritten without them
    stored = json.loads(text)
    assert stored["version"] == 2 and list(stored["datasets"]) == [new]
    assert stored["datasets"][new]["migrated_from"] == [fingerprint(PG)]


def test_old_ids_that_merge_keep_the_sum_or_are_refused(tmp_path):
    other = PG.replace("user='analyst' password='secret123'", "user='boss' password='pw'")
    budget = {"epsilon": 2.0, "delta": 0.0, "unit": "ε", "unit_of_privacy": "user"}
    merged = migrate_ledger({"version": 1, "datasets": {
        PG: {"budget": budget, "entries": [_entry(0.5)]},
        other: {"budget": budget, "entries": [_entry(0.7)]}}})
    (ds,) = merged["datasets"].values()
    assert sum(e["epsilon"] for e in ds["entries"]) == pytest.approx(1.2)
    with pytest.raises(ValueError, match="different total budgets") as info:
        migrate_ledger({"version": 1, "datasets": {
            PG: {"budget": budget, "entries": []},
            other: {"budget": {**budget, "epsilon": 3.0}, "entries": []}}})
    assert "secret123" not in str(info.value) and "'pw'" not in str(info.value)


def test_file_ids_are_unchanged_by_the_migration(tmp_path):
    f = tmp_path / "events.csv"
    f.write_text("a\n")
    ident = dataset_id(str(f))
    data = migrate_ledger({"version": 1, "datasets": {ident: {"budget": {}, "entries": []}}})
    assert list(data["datasets"]) == [ident]


def test_unwritable_ledger_is_a_clear_refusal(tmp_path):
    """Item 10: a ledger in a directory that cannot be written gives a ValueError naming it."""
    blocker = tmp_path / "file"
    blocker.write_text("")
    ledger = Ledger(str(blocker / "ledger.json"))               # a path under a regular file
    with pytest.raises(ValueError, match="cannot be written.*directory you can write"):
        ledger.reserve("d", PrivacyCost.of("laplace", 0.1), budget=Budget(1.0))
    if os.geteuid() != 0:                                       # root ignores permissions
        ro = tmp_path / "ro"
        ro.mkdir()
        ro.chmod(0o500)
        with pytest.raises(ValueError, match="cannot be written"):
            Ledger(str(ro / "ledger.json")).reserve("d", PrivacyCost.of("laplace", 0.1),
                                                    budget=Budget(1.0))


def test_one_id_whatever_the_path_form(tmp_path, monkeypatch):
    """A file has one id whether it is named by its path, a relative path, a symlink or a
    ``file://`` URL (the form Spark jobs are given), with OGR's decorations or not."""
    data = tmp_path / "data"
    data.mkdir()
    trips = data / "trips.csv"
    trips.write_text("user\n1\n")
    (tmp_path / "link.csv").symlink_to(trips)
    monkeypatch.chdir(tmp_path)
    ident = dataset_id(str(trips))
    forms = ["data/trips.csv", "./data/../data/trips.csv", "link.csv", str(tmp_path / "link.csv"),
             trips.as_uri(), f"file://localhost{trips}", f"file:{trips}",
             f"{trips}|layername=trips"]
    assert {dataset_id(f) for f in forms} == {ident}
    spaced = data / "my trips.csv"
    spaced.write_text("user\n1\n")
    assert dataset_id(spaced.as_uri()) == dataset_id(str(spaced))   # %20 in the URL


def test_remote_ids_carry_no_credentials():
    assert dataset_id("hdfs://bob:pw@nn:8020/data/t.parquet?x=1#f") == \
        "hdfs://nn:8020/data/t.parquet"


@pytest.mark.parametrize("ident,name", [
    ("/home/alice/secret-project/trips.csv", "trips.csv"),
    ("/home/alice/store.gpkg|table=events", "store.gpkg|table=events"),
    ("postgres://db.example.org:5433/mobility/public.events", "mobility/public.events"),
    ("postgres-service://prod/s.t", "s.t"),
    ("hdfs://nn:8020/data/t.parquet", "t.parquet"),
    ("C:\\Users\\alice\\trips.csv", "trips.csv"),
    ("city-cdr-2026", "city-cdr-2026")])
def test_public_name_never_shows_a_folder(ident, name):
    assert public_name(ident) == name
