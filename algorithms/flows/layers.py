"""Reading flow layers and their zones, shared by mobilitydp:flowmeasures and compareflows.

A flow layer has one feature per directed link with origin and destination
zone ids and a flow value (the FLOWS output of ``aggregateflows``); the
zones are the polygons those ids name.
"""
import numpy as np
from qgis.core import (
    NULL,
    QgsProcessing,
    QgsProcessingParameterFeatureSource,
    QgsProcessingParameterField,
    QgsProcessingParameterNumber,
)

from ...dpcore.flows.vectors import MoveIndex
from ..common.base import tr

FLOWS = "FLOWS"
ORIGINAL = "ORIGINAL"
PRIVATE = "PRIVATE"
ORIGIN_FIELD = "ORIGIN_FIELD"
DEST_FIELD = "DEST_FIELD"
FLOW_FIELD = "FLOW_FIELD"
ZONES = "ZONES"
ZONE_ID_FIELD = "ZONE_ID_FIELD"
SAMPLES = "BETWEENNESS_SAMPLES"
COMMUNITY_SEED = "COMMUNITY_SEED"


def add_flow_parameters(alg, layer_param):
    # optional with defaults: QGIS 3.22 does not apply a field parameter's default when
    # checking the values of a processing.run call; _field() refuses a missing field
    alg.addParameter(QgsProcessingParameterField(
        ORIGIN_FIELD, tr("Origin field"), "origin", parentLayerParameterName=layer_param,
        optional=True))
    alg.addParameter(QgsProcessingParameterField(
        DEST_FIELD, tr("Destination field"), "dest", parentLayerParameterName=layer_param,
        optional=True))
    alg.addParameter(QgsProcessingParameterField(
        FLOW_FIELD, tr("Flow field"), "flow", parentLayerParameterName=layer_param,
        type=QgsProcessingParameterField.Numeric, optional=True))
    alg.addParameter(QgsProcessingParameterFeatureSource(
        ZONES, tr("Zones"), [QgsProcessing.TypeVectorPolygon]))
    alg.addParameter(QgsProcessingParameterField(
        ZONE_ID_FIELD, tr("Zone id field"), "cell_id", parentLayerParameterName=ZONES,
        optional=True))
    alg.addParameter(QgsProcessingParameterNumber(
        SAMPLES, tr("Betweenness pivots (0 = exact)"), QgsProcessingParameterNumber.Integer,
        200, minValue=0))
    alg.addParameter(QgsProcessingParameterNumber(
        COMMUNITY_SEED, tr("Seed of the pivots and of Louvain"),
        QgsProcessingParameterNumber.Integer, 0, minValue=0))


def _field(alg, parameters, name, context, source, what):
    value = alg.parameterAsString(parameters, name, context)
    if not value or source.fields().lookupField(value) < 0:
        raise ValueError(f"the {what} field '{value}' is not in layer {source.sourceName()}")
    return value


def read_zones(alg, parameters, context):
    source = alg.source_or_raise(parameters, ZONES, context)
    id_field = _field(alg, parameters, ZONE_ID_FIELD, context, source, "zone id")
    ids, feats = [], []
    for f in source.getFeatures():
        if f[id_field] is None or f[id_field] == NULL:
            raise ValueError(f"zone {f.id()} has no id")
        ids.append(str(f[id_field]))
        feats.append(f)
    if not ids:
        raise ValueError("the zone layer is empty")
    if len(set(ids)) != len(ids):
        raise ValueError("the zone ids are not unique")
    return source, ids, feats


def read_flows(alg, parameters, context, layer_param, zone_index):
    """{(origin index, dest index): flow} of a flow layer."""
    source = alg.source_or_raise(parameters, layer_param, context)
    names = [_field(alg, parameters, k, context, source, w) for k, w in
             ((ORIGIN_FIELD, "origin"), (DEST_FIELD, "destination"), (FLOW_FIELD, "flow"))]
    flows = {}
    for f in source.getFeatures():
        o, d, v = (f[n] for n in names)
        if v is None or v == NULL:
            raise ValueError(f"flow feature {f.id()} has no flow value")
        key = []
        for z in (o, d):
            if str(z) not in zone_index:
                raise ValueError(f"flow feature {f.id()} refers to zone '{z}', which is not in "
                                 "the zone layer")
            key.append(zone_index[str(z)])
        if tuple(key) in flows:
            raise ValueError(f"the flow from '{o}' to '{d}' appears twice")
        flows[tuple(key)] = float(v)
    if not flows:
        raise ValueError(f"the flow layer {source.sourceName()} is empty")
    return flows


def link_index(pairs, n_zones):
    pairs = np.array(sorted(pairs), dtype=np.int64).reshape(-1, 2)
    return MoveIndex(pairs[:, 0], pairs[:, 1], n_zones)


def link_vector(index, flows):
    return np.array([flows.get((o, d), 0.0) for o, d in
                     zip(index.origin.tolist(), index.dest.tolist())])
