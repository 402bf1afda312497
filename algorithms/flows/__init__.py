"""Flows stage: Pratesi's move vectors with noise and network measures (dpcore.flows)."""
from .aggregate import AggregateFlows
from .measures import CompareFlows, FlowMeasures

ALGORITHMS = [AggregateFlows, FlowMeasures, CompareFlows]
