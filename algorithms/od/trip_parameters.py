"""The parameters of a trips input (odflows, mobilityreport): layout fields, zones, time window, m."""
from __future__ import annotations

from qgis.core import (
    QgsProcessing,
    QgsProcessingParameterCrs,
    QgsProcessingParameterFeatureSource,
    QgsProcessingParameterField,
    QgsProcessingParameterFile,
    QgsProcessingParameterNumber,
)

from ..common.i18n import tr
from ..common.params import advanced, start_parameter
from ..common.qgis_values import parameter_seconds

INPUT = "INPUT"
USER_FIELD = "USER_FIELD"
TRIP_FIELD = "TRIP_FIELD"
TIME_FIELD = "TIME_FIELD"
START_FIELD = "START_FIELD"
END_FIELD = "END_FIELD"
ORIGIN_X, ORIGIN_Y, DEST_X, DEST_Y = "ORIGIN_X", "ORIGIN_Y", "DEST_X", "DEST_Y"
TABLE_CRS = "TABLE_CRS"
ZONES = "ZONES"
ZONE_ID_FIELD = "ZONE_ID_FIELD"
START = "START"
END = "END"
MAX_TRIPS = "MAX_TRIPS"
BOUNDED_TRIPS = "BOUNDED_TRIPS"





def add_trip_parameters(alg, *, default_max_trips: int = 5, bounded_input: bool = False,
                        window_required: bool = False):
    """The trips, fields, zones, time window and m parameters; with
    ``bounded_input``, INPUT is optional and BOUNDED_TRIPS takes a Spark job's tables; with
    ``window_required``, the dialog asks for the start and end before running."""
    alg.addParameter(QgsProcessingParameterFeatureSource(
        INPUT, tr("Trips|lines, GPS points with a trip id, or a table of origin/destination "
                  "coordinates"),
        [QgsProcessing.TypeVectorLine, QgsProcessing.TypeVectorPoint, QgsProcessing.TypeVector],
        optional=bounded_input))
    if bounded_input:
        alg.addParameter(QgsProcessingParameterFile(
            BOUNDED_TRIPS, tr("…or bounded trips (directory)|written by scripts/spark-bound "
                              "trips (see the help)"),
            behavior=QgsProcessingParameterFile.Folder, optional=True))
    alg.add_unit_field_parameter(USER_FIELD, "User field", INPUT,
                                 kind="user")
    optional_fields = [(TRIP_FIELD, "Trip id field (points)"), (TIME_FIELD, "Time field (points)"),
                       (START_FIELD, "Start time field (lines, table)"),
                       (END_FIELD, "End time field (lines, table)"),
                       (ORIGIN_X, "Origin x field (table)"), (ORIGIN_Y, "Origin y field (table)"),
                       (DEST_X, "Destination x field (table)"),
                       (DEST_Y, "Destination y field (table)")]
    for name, label in optional_fields:
        alg.addParameter(QgsProcessingParameterField(name, tr(label),
                                                     parentLayerParameterName=INPUT,
                                                     optional=True))
    alg.addParameter(advanced(QgsProcessingParameterCrs(
        TABLE_CRS, tr("CRS of the coordinate fields (table)"), "EPSG:4326", optional=True)))
    alg.addParameter(QgsProcessingParameterFeatureSource(
        ZONES, tr("Zones (public polygons)"), [QgsProcessing.TypeVectorPolygon]))
    alg.addParameter(QgsProcessingParameterField(
        ZONE_ID_FIELD, tr("Zone id field"), parentLayerParameterName=ZONES, optional=True))
    alg.addParameter(start_parameter(START, tr("Start of the time window (UTC)"),
                                     optional=not window_required))
    alg.addParameter(start_parameter(END, tr("End of the time window (UTC)"),
                                     optional=not window_required))
    alg.addParameter(QgsProcessingParameterNumber(
        MAX_TRIPS, tr("Maximum trips per user (m, public)"),
        QgsProcessingParameterNumber.Integer, default_max_trips, minValue=1))


def time_window(alg, parameters, context):
    """(start, end) of the time window in epoch seconds, None where unset."""
    out = [parameter_seconds(alg, parameters, key, context) for key in (START, END)]
    if out[0] is not None and out[1] is not None and out[1] <= out[0]:
        raise ValueError(tr("the end of the time window must be after its start"))
    return out


def max_trips(alg, parameters, context) -> int:
    return alg.parameterAsInt(parameters, MAX_TRIPS, context)
