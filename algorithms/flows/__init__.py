"""Flows stage: Pratesi's move vectors with noise and network measures (dpcore.flows)."""
from .aggregateflows import AggregateFlows
from .compareflows import CompareFlows
from .flowmeasures import FlowMeasures

ALGORITHMS = [AggregateFlows, FlowMeasures, CompareFlows]
