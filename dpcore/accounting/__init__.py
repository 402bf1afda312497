"""The privacy accounting: costs, the ledger and its view, the release contract, staged outputs,
dataset ids and the checks of privacy parameters.
"""
