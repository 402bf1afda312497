"""Spark tier: the bounding as a Spark job in local[2] (one SparkSession for the session)."""
import os
import sys

import pytest

from ..support.qgis import qgis_app, qgis_plugin_dir, qgis_process, qgis_process_enabled, run_alg  # noqa: F401  (the QGIS tier's fixtures, for test_spark_qgis)


@pytest.fixture(scope="session")
def spark():
    os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
    from mobility_dp.dpcore.ingest.spark_jobs import session
    s = session("local[2]", "mobilitydp-tests")
    s.conf.set("spark.sql.shuffle.partitions", "2")
    s.sparkContext.setLogLevel("ERROR")
    yield s
    s.stop()
