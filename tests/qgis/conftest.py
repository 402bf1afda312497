"""QGIS tier: the fixtures live in tests/support/qgis.py (shared with the Spark tier)."""
from ..support.qgis import (  # noqa: F401  (fixtures)
    qgis_app, qgis_plugin_dir, qgis_process, qgis_process_enabled, run_alg, sample_iris_path)
