"""Spark tier: the bounding as a Spark job in local[2] (one SparkSession for the session)."""
import importlib.util
import os
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, ROOT)


@pytest.fixture(scope="session")
def spark():
    os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
    from dpcore.ingest.spark import session
    s = session("local[2]", "mobilitydp-tests")
    s.conf.set("spark.sql.shuffle.partitions", "2")
    s.sparkContext.setLogLevel("ERROR")
    yield s
    s.stop()


# the QGIS tier's fixtures (plugin symlink, temporary profile, processing.run, qgis_process)
_spec = importlib.util.spec_from_file_location(
    "qgis_tier_conftest", os.path.join(ROOT, "tests", "qgis", "conftest.py"))
qgis_tier = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(qgis_tier)
qgis_app, run_alg = qgis_tier.qgis_app, qgis_tier.run_alg
qgis_process_enabled, qgis_process = qgis_tier.qgis_process_enabled, qgis_tier.qgis_process
