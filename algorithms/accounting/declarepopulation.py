"""mobilitydp:declarepopulation — a population's per-person policy, written in the ledger.

The policy (total budget over a horizon, caps per calendar week and month) is checked and
written by :meth:`dpcore.accounting.ledger.Ledger.declare`; once its people have spent, only
a tighter policy is accepted (:func:`dpcore.accounting.populations.tightens`).
"""
from qgis.core import QgsProcessingOutputString, QgsProcessingParameterNumber, QgsProcessingParameterString

from ...dpcore.accounting.costs import Budget
from ...dpcore.accounting.ledger import Ledger, Policy
from ..common.base import LEDGER, POPULATION_ID, MobilityDPAlgorithm, delta_parameter, ledger_parameter, tr

EPSILON = "EPSILON"
DELTA = "DELTA"
HORIZON = "HORIZON"
EPSILON_PER_WEEK = "EPSILON_PER_WEEK"
EPSILON_PER_MONTH = "EPSILON_PER_MONTH"
POLICY = "POLICY"


class DeclarePopulation(MobilityDPAlgorithm):
    ALGORITHM_ID = "declarepopulation"
    DISPLAY_NAME = "Declare a population"
    GROUP_ID = "ledger"
    GROUP = "Privacy ledger"
    USES_PRIVACY = False
    TAGS = ("ledger", "budget", "population", "policy", "per person", "week", "month")

    def initAlgorithm(self, config=None):  # noqa: N802
        ledger = ledger_parameter(LEDGER, tr("Privacy ledger|JSON file, created if missing; "
                                             "secret: it can tell whether an id is among the "
                                             "people"))
        ledger.setFlags(ledger.flags() & ~ledger.FlagOptional)
        self.addParameter(ledger)
        self.addParameter(QgsProcessingParameterString(
            POPULATION_ID, tr("Population|its name in the ledger")))
        self.addParameter(QgsProcessingParameterNumber(
            EPSILON, tr("Total ε per person|over the horizon, > 0"),
            QgsProcessingParameterNumber.Double, None, minValue=0))
        self.addParameter(delta_parameter(DELTA, "Total δ per person|in [0, 1)", 0.0))
        self.addParameter(QgsProcessingParameterString(
            HORIZON, tr("Horizon|the period the total covers, e.g. per year 2026"), ""))
        for name, label in ((EPSILON_PER_WEEK, tr("ε per calendar week|0 = no cap")),
                            (EPSILON_PER_MONTH, tr("ε per calendar month|0 = no cap"))):
            self.addParameter(QgsProcessingParameterNumber(
                name, label, QgsProcessingParameterNumber.Double, 0.0, minValue=0))
        self.addOutput(QgsProcessingOutputString(POLICY, tr("Policy written in the ledger")))

    def execute(self, parameters, context, feedback):
        path = self.parameterAsFile(parameters, LEDGER, context)
        if not path:
            raise ValueError("the privacy ledger file is required")
        name = self.parameterAsString(parameters, POPULATION_ID, context).strip()
        caps = tuple((period, self.parameterAsDouble(parameters, key, context))
                     for period, key in (("week", EPSILON_PER_WEEK), ("month", EPSILON_PER_MONTH))
                     if self.parameterAsDouble(parameters, key, context) > 0)
        policy = Policy(Budget(self.epsilon(parameters, context),
                               self.delta(parameters, context)),
                        self.parameterAsString(parameters, HORIZON, context).strip(), caps)
        old = Ledger(path).declare(name, policy)
        text = describe(policy)
        feedback.pushInfo(tr("Population '{name}' in the ledger {path}: {policy}").format(
            name=name, path=path, policy=text) + ("" if old is None else " " + tr(
                "(it replaced: {old})").format(old=describe(old))))
        return {POLICY: text}


def describe(policy: Policy) -> str:
    """A policy in the user's language: "ε = 52, δ = 0 per person per year 2026; ε = 1 per
    week; ε = 4 per month"."""
    caps = {"week": tr("ε = {cap} per calendar week"), "month": tr("ε = {cap} per calendar month")}
    return "; ".join([tr("ε = {epsilon}, δ = {delta} per person {horizon}").format(
        epsilon=f"{policy.budget.epsilon:g}", delta=f"{policy.budget.delta:g}",
        horizon=policy.horizon).strip()] + [caps[p].format(cap=f"{e:g}") for p, e in policy.caps])
