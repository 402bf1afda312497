"""The one events input of the CDR algorithms (sanitizedensity, cdrsummary) and its reader.

One parameter, INPUT, takes an events layer of any provider (a CSV added as
delimited text or through OGR, a GeoPackage, Parquet where GDAL has the
driver, a database table); its fields fill the user / tower / time lists.
When the layer is a plain file, it is streamed through GDAL's Arrow
interface (``dpcore.ingest.read_events_file``: compact int32 codes, a few
bytes per event, optional DuckDB accelerator); otherwise (filters, selection,
databases, memory layers) through the QGIS feature API, in batches. Both give
the same canonical codes, hence the same bounded counts for a given seed.
"""
import os

import numpy as np
from qgis.core import (
    NULL,
    QgsFeatureRequest,
    QgsProcessing,
    QgsProcessingFeatureSourceDefinition,
    QgsProcessingParameterFeatureSource,
    QgsProcessingParameterField,
    QgsProcessingParameterFile,
    QgsProcessingParameterNumber,
    QgsProviderRegistry,
)
from qgis.PyQt.QtCore import QUrl, QUrlQuery

from ...dpcore.accounting.dataset_ids import dataset_id
from ...dpcore.accounting.units import check_distinct_count
from ...dpcore.ingest import EventEncoder, read_events_file
from ...dpcore.ingest.bounding_facts import reading_rows
from ...dpcore.ingest.table import bounded_table_dataset_id, check_bounded_table, map_towers, read_bounded_table
from .base import progress_bridge, tr
from .ledger import layer_dataset_id
from .params import start_parameter
from .qgis_values import epoch_seconds, parameter_seconds
from .seeded import is_seeded_record

INPUT = "INPUT"
USER_FIELD = "USER_FIELD"
TOWER_FIELD = "TOWER_FIELD"
TIME_FIELD = "TIME_FIELD"
START = "START"
SLOT_MINUTES = "SLOT_MINUTES"
N_SLOTS = "N_SLOTS"
BOUNDED_COUNTS = "BOUNDED_COUNTS"

#: Rows per batch on the QGIS feature API path.
LAYER_BATCH = 100_000




def add_event_parameters(alg, bounded_input: bool = False):
    """INPUT, USER/TOWER/TIME_FIELD, START, SLOT_MINUTES, N_SLOTS (and BOUNDED_COUNTS)."""
    alg.addParameter(QgsProcessingParameterFeatureSource(
        INPUT, tr("Events (user, tower, time)"), [QgsProcessing.TypeVector],
        optional=bounded_input))
    alg.add_unit_field_parameter(USER_FIELD, "User field", INPUT)
    for name, label in ((TOWER_FIELD, "Tower field"), (TIME_FIELD, "Time field")):
        alg.addParameter(QgsProcessingParameterField(
            name, tr(label), parentLayerParameterName=INPUT, optional=bounded_input))
    alg.addParameter(start_parameter(START, tr("Start of the period (UTC)")))
    alg.addParameter(QgsProcessingParameterNumber(
        SLOT_MINUTES, tr("Slot length (minutes)"), QgsProcessingParameterNumber.Double, 60,
        minValue=0.01))
    alg.addParameter(QgsProcessingParameterNumber(
        N_SLOTS, tr("Number of slots"), QgsProcessingParameterNumber.Integer, 168, minValue=1))
    if bounded_input:
        alg.addParameter(QgsProcessingParameterFile(
            BOUNDED_COUNTS, tr("…or bounded counts (directory)|written by the Spark bounding script (see the help)"),
            behavior=QgsProcessingParameterFile.Folder, optional=True))


def period(alg, parameters, context):
    """(start epoch seconds, slot seconds, number of slots) from the parameters."""
    start = parameter_seconds(alg, parameters, START, context)
    if start is None:
        raise ValueError("the start of the period is required (ISO 8601, e.g. "
                         "2007-09-10T00:00:00)")
    return (start, alg.parameterAsDouble(parameters, SLOT_MINUTES, context) * 60,
            alg.parameterAsInt(parameters, N_SLOTS, context))


def _fields(alg, parameters, context, source, feedback):
    names = source.fields().names()
    user = alg.unit_field(parameters, USER_FIELD, source, context, feedback)
    tower, time = (alg.parameterAsString(parameters, k, context) or ""
                   for k in (TOWER_FIELD, TIME_FIELD))
    if not (tower and time):
        raise ValueError("the tower and time fields are required")
    absent = [f for f in (user, tower, time) if f not in names]
    if absent:
        raise ValueError(f"field(s) {', '.join(absent)} not found in the events layer; "
                         f"available: {', '.join(names)}")
    return user, tower, time


def _direct_file(alg, parameters, context):
    """(path, layer name) when the events layer is a whole plain file GDAL can stream, else None."""
    value = parameters.get(INPUT)
    if isinstance(value, QgsProcessingFeatureSourceDefinition) and (
            value.selectedFeaturesOnly or value.featureLimit != -1
            or getattr(value, "filterExpression", "")):
        return None
    layer = alg.parameterAsVectorLayer(parameters, INPUT, context)
    if layer is None or layer.subsetString():
        return None
    provider = layer.providerType()
    if provider == "ogr":
        parts = QgsProviderRegistry.instance().decodeUri("ogr", layer.source())
        if parts.get("subset") or not os.path.isfile(parts.get("path") or ""):
            return None
        return parts["path"], parts.get("layerName") or None
    if provider == "delimitedtext":
        url = QUrl(layer.source())
        query = QUrlQuery(url)
        path = url.toLocalFile()
        delimiter = query.queryItemValue("delimiter") or ","
        plain = (query.queryItemValue("type") in ("", "csv") and delimiter in (",", "%2C")
                 and query.queryItemValue("useHeader") in ("", "yes")
                 and query.queryItemValue("skipLines") in ("", "0"))
        if plain and os.path.isfile(path) and path.lower().endswith(".csv"):
            return path, None
    return None


def _value(v):
    if v is None or v == NULL:
        return None
    if isinstance(v, float) and v.is_integer():
        return int(v)
    return v


def _read_layer(source, fields, encoder, progress):
    """Stream a feature source into ``encoder`` through the QGIS API, in batches."""
    request = QgsFeatureRequest().setFlags(QgsFeatureRequest.NoGeometry)
    request.setSubsetOfAttributes(list(fields), source.fields())
    idx = [source.fields().indexOf(f) for f in fields]
    total = max(source.featureCount(), 1)
    rows = []

    def flush():
        users = np.asarray([_value(r[0]) for r in rows] + [None], dtype=object)[:-1]
        towers = np.asarray([_value(r[1]) for r in rows] + [None], dtype=object)[:-1]
        times = [epoch_seconds(r[2]) for r in rows]
        encoder.add(users, towers, np.asarray(
            [t if t is not None else "" for t in times] + [None], dtype=object)[:-1])
        rows.clear()
        progress(encoder.n_rows / total)

    for feature in source.getFeatures(request):
        attrs = feature.attributes()
        rows.append((attrs[idx[0]], attrs[idx[1]], attrs[idx[2]]))
        if len(rows) >= LAYER_BATCH:
            flush()
    if rows:
        flush()


def read_events(alg, parameters, context, feedback, *, tower_ids, start, slot_seconds,
                n_slots, progress=None):
    """(CompactEvents, facts) of the INPUT layer; ``tower_ids``: a list or ``"auto"``.

    ``facts``: ``source`` (name), ``dataset_id`` (normalised source path, the
    default ledger id), ``ids`` (a callable giving the user ids read, for the ledger's
    populations), ``engine``, ``user_field``. Refuses a user field that
    gives every event its own user, and a table with no readable time.
    """
    source = alg.parameterAsSource(parameters, INPUT, context)
    if source is None:
        raise ValueError("the events layer is required")
    fields = _fields(alg, parameters, context, source, feedback)
    progress = progress or progress_bridge(feedback)
    direct = _direct_file(alg, parameters, context)
    kw = dict(tower_ids=tower_ids, start=start, slot_seconds=slot_seconds, n_slots=n_slots)
    if direct is not None:
        events = read_events_file(direct[0], user_field=fields[0], tower_field=fields[1],
                                  time_field=fields[2], layer_name=direct[1],
                                  progress=progress, **kw)
        default_id = lambda: dataset_id(direct[0])  # noqa: E731 (evaluated only for a ledger)
    else:
        with EventEncoder(engine="qgis", **kw) as encoder:
            _read_layer(source, fields, encoder, progress)
            events = encoder.finish()
        layer = alg.parameterAsVectorLayer(parameters, INPUT, context)
        default_id = ((lambda: layer_dataset_id(layer)) if layer is not None else
            (lambda: dataset_id(source.sourceName())))
    if events.n_rows == 0:
        events.close()
        raise ValueError("the events layer is empty")
    if events.dropped["missing_user"] == events.n_rows:
        events.close()
        raise ValueError(f"none of the {events.n_rows} rows has a user (field '{fields[0]}')")
    if events.dropped["invalid_time"] + events.dropped["missing_user"] == events.n_rows:
        events.close()
        raise ValueError(f"no value of the time field '{fields[2]}' could be read as a time "
                         f"in the {events.n_rows} rows with a user (date-time, ISO 8601 text or "
                         "epoch seconds expected)")
    for reason, what in (("invalid_time", f"an unreadable time (field '{fields[2]}')"),
                         ("missing_user", f"no user (field '{fields[0]}')")):
        if events.dropped[reason]:       # the run's log (the data holder's), not the report
            feedback.pushWarning(f"{events.dropped[reason]:,} of {events.n_rows:,} events "
                                 f"({100 * events.dropped[reason] / events.n_rows:.1f} %) "
                                 f"have {what} and were dropped")
    try:
        check_distinct_count(events.n_valid, events.n_users, kind="user", field=fields[0])
    except ValueError:
        events.close()
        raise
    people = np.array(events.user_ids)     # kept: the events are closed before the charge
    return events, {"source": source.sourceName(), "dataset_id": default_id, "ids": lambda: people,
                    "engine": events.engine, "user_field": fields[0]}


def counts_input(alg, parameters, context, feedback, *, tower_index: dict, n_towers: int,
                 ell, start, slot_seconds, n_slots, progress=None):
    """(events or BoundedCounts, facts) from INPUT or BOUNDED_COUNTS.

    ``tower_index``: tower id (as text) → tower index of the caller. From INPUT, the events
    (:class:`dpcore.ingest.event_encoder.CompactEvents`, open) whose tower codes index the ids of
    ``tower_index`` in its order: the per-user bounding (Acs & Castelluccia §5.1) is the
    release plan's. From BOUNDED_COUNTS, the counts ``scripts/spark-bound`` bounded (its
    parameters must match), in the caller's tower order. ``facts``: ``source``,
    ``dataset_id``, ``engine``, ``public_rows`` (public parameters of a Spark bounding) and,
    for a Spark table, ``report_rows`` (raw-data facts, internal).
    """
    progress = progress or progress_bridge(feedback)
    table = (alg.parameterAsFile(parameters, BOUNDED_COUNTS, context)
             if alg.parameterDefinition(BOUNDED_COUNTS) is not None else "")
    has_events = alg.parameterAsSource(parameters, INPUT, context) is not None
    if bool(table) == has_events:
        raise ValueError("give either the events layer or a bounded-counts directory "
                         "(exactly one)")
    if table:
        raw, record = read_bounded_table(table)
        alg.seeded_source = is_seeded_record(record)
        check_bounded_table(record, ell=ell, start=start, slot_seconds=slot_seconds,
                            n_slots=n_slots)
        bounded, warning = map_towers(raw, record["tower_ids"], tower_index, n_towers)
        if warning:
            feedback.pushWarning(warning)
        progress(1.0)
        facts = {"source": os.path.basename(os.path.normpath(table)),
                 "dataset_id": lambda: bounded_table_dataset_id(record, table), "engine": "spark",
                 "sketch": record.get("people_sketch")}
        facts["public_rows"] = [
            ("bounding", f"ran on Apache Spark {record.get('spark_version', '')} "
                         f"({record.get('master', '')}) with scripts/spark-bound"),
            ("bounding parameters", f"ℓ = {record['ell']}, {record['n_slots']} slots × "
                                    f"{float(record['slot_seconds']) / 60:g} min from "
                                    f"{record.get('start_iso', record['start'])}"),
            ("bounding towers", f"{len(record['tower_ids'])} given with --towers (SHA-256 "
                                f"{record['towers_sha256'][:12]}…)" if record.get("towers_given")
             else "those seen in the events (a data-derived list: see the internal report)"),
            ("bounding randomness", record.get("randomness", "unknown"))]
        facts["report_rows"] = reading_rows(bounded, facts) + [
            ("towers of the Spark table", f"{len(record['tower_ids'])} (SHA-256 "
                                          f"{record['towers_sha256'][:12]}…)")] + (
            [("warning", warning)] if warning else [])
        return bounded, facts
    events, facts = read_events(alg, parameters, context, feedback, tower_ids=list(tower_index),
                                start=start, slot_seconds=slot_seconds, n_slots=n_slots,
                                progress=progress)
    facts["public_rows"] = []
    return events, facts
