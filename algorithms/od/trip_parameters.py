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
from ..common.values import parameter_seconds

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

TRIPS_HELP = """
<h3>Trips</h3>
<p><b>Trips</b>: one of three layouts. <i>Lines</i>: one line per trip; the trip goes from its
first to its last vertex, its length is the line's length, its times come from the start and end
time fields or else from the M values of the first and last vertex. <i>Points</i>: GPS fixes
with a <b>trip id</b> field and a <b>time</b> field; a trip goes from its first to its last fix
(by time) and its length is the sum of the straight segments between fixes. <i>Table</i> (no
geometry): the <b>origin x / y</b> and <b>destination x / y</b> fields in the <b>CRS of the
coordinate fields</b>; the length is the straight distance. Times are date-times, ISO 8601 text
(naive = UTC; also GDAL's YYYY/MM/DD hh:mm:ss) or epoch seconds.</p>
<p><b>User field</b>: identifies the person (or vehicle) whose trips are protected together: the
unit of privacy. It must not be a per-trip key such as the feature id: a field that gives every
trip its own user is refused.</p>
<p><b>Zones</b>: any polygon layer (census areas, districts, a grid). It is public: its CRS
defines the metric frame of the run, and every other layer is reprojected to it. Trips that start
or end outside every zone are dropped and counted (a warning above 5 %, a refusal when none is
left). <b>Zone id field</b> (optional; default the feature id) names the zones in the outputs.</p>
<p><b>Start</b> / <b>end</b> (UTC): the time window; only trips that start and end inside
it count (trips without times are then dropped). Flows and reports take every trip when it is
empty; synthetic trips need it, since their dates are drawn inside it.</p>
<p><b>Maximum trips per user (m)</b>: a public bound. Each user keeps at most m of their trips in
the window, chosen uniformly at random, so that one user changes every count by at most m. It is
never derived from the data (a bound taken from the data would itself leak). Larger m keeps more
trips of busy users but needs more noise.</p>
"""


BOUNDED_TRIPS_HELP = """
<p><b>Bounded trips from Spark</b> (instead of trips): the output directory of
<code>scripts/spark-bound trips</code>, which read the trips on a Spark cluster, placed them in
the zones and wrote small tables: trips per pair with each user's trips bounded to m by a keyed
hash (a uniformly random m-subset, as here), people per main pair (ordered and unordered) and
the number of users by trips. The trips are then not read. The zones and zone id field must be
those the job was given, m must be the job's (for trips per pair), and a time window set here
must be the job's (left empty, the job's is used); the release is refused otherwise. The ledger
charges the dataset id the job recorded (that of its trips file: the same budget as reading the
file here), and the report states that the bounding ran on Spark and how.</p>
"""


def add_trip_parameters(alg, *, default_max_trips: int = 5, bounded_input: bool = False,
                        window_required: bool = False):
    """The trips, fields, zones, time window and m parameters (shared help: TRIPS_HELP); with
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
