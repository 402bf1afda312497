"""CDR ingest: times, event files and user-level contribution bounding.

The bounding implements Acs & Castelluccia 2014, §5.1 and §5.4.1 (see
:mod:`.bounding`); :mod:`.files` reads large CSV / Parquet event files and
:mod:`.times` reads time values; :mod:`.compact` encodes streamed batches into compact
codes with bounded memory and :mod:`.readers` streams files into it (GDAL, DuckDB).
"""
from .bounding import DROP_REASONS, BoundedCounts, bound_contributions
from .bounding_facts import visit_summary
from .event_encoder import MEMORY_EVENTS, REASONS, CompactEvents, EventEncoder
from .files import ENGINES, SLOW_FILE_BYTES, duckdb_available, pick_engine, read_events_file
from .partitioned_bounding import PARTITION_EVENTS, bound_compact
from .readers import gdal_available, read_duckdb, read_gdal
from .times import parse_times, to_epoch_seconds

__all__ = ["MEMORY_EVENTS", "PARTITION_EVENTS", "REASONS", "CompactEvents", "EventEncoder",
           "bound_compact", "gdal_available", "read_duckdb", "read_gdal", "DROP_REASONS", "ENGINES",
           "SLOW_FILE_BYTES", "BoundedCounts", "pick_engine", "bound_contributions",
           "duckdb_available", "parse_times", "read_events_file", "to_epoch_seconds",
           "visit_summary"]
