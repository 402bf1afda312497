"""The core tier (see tests/conftest.py)."""
