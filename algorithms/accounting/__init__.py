"""Accounting stage: the privacy ledger's populations (dpcore.accounting.populations)."""
from .declarepopulation import DeclarePopulation

ALGORITHMS = [DeclarePopulation]
