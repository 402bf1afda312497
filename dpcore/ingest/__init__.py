"""CDR ingest: times, event files and user-level contribution bounding.

The bounding implements Acs & Castelluccia 2014, §5.1 and §5.4.1 (see
:mod:`.bounding`); :mod:`.files` reads large CSV / Parquet event files and
:mod:`.times` reads time values.
"""
from .bounding import DROP_REASONS, BoundedCounts, bound_contributions, visit_summary
from .files import SLOW_FILE_BYTES, Events, duckdb_available, read_events_file
from .times import parse_times, to_epoch_seconds

__all__ = ["DROP_REASONS", "SLOW_FILE_BYTES", "BoundedCounts", "Events", "bound_contributions",
           "duckdb_available", "parse_times", "read_events_file", "to_epoch_seconds",
           "visit_summary"]
