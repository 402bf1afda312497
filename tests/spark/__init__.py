"""The spark tier (see tests/conftest.py)."""
