"""The qgis tier (see tests/conftest.py)."""
