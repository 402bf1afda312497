"""The one release sequence of the glue, run by :meth:`ReleasingAlgorithm.execute`.

parameters → plan → read → reserve → release → write → report: the public parameters make
the dpcore plan (every refusal that needs no data), the data are read (and prepared by the
plan: the refusals that need the data, a per-user pick, before any noise), the plan's cost is
reserved in the ledger (:meth:`.base.MobilityDPAlgorithm.reserve_budget`, the run's
``charge``), the plan's one release runs on the data (the contract checks spent against
planned), the outputs are written and the stage's dpcore report builder gives the reports'
content. A releasing algorithm supplies only its parts:

* ``PLAN``: the stage's ``plan_<name>`` (:class:`dpcore.accounting.plan.Plan`);
* :meth:`public_parameters`: ``(public, inputs)``: the plan's keyword arguments, from the
  parameters and the public facts of the inputs (checks of fields included), and the glue's
  handle on the inputs (sources, field names) for the reading;
* :meth:`read`: ``(data, held)``: what the plan's release takes, and what the writing and the
  report need from the inputs (geometries, names), which never goes to dpcore;
* :meth:`write`: the outputs, from ``held`` and the release; returns the results;
* :meth:`report`: the stage's dpcore report builder's keyword arguments of
  :meth:`.reports.ReportsMixin.write_reports`;
* :meth:`ledger_scope` (optional): what the ledger charges besides the cost (the dataset id
  used when none is given).

The data go down into dpcore once (``plan.release``) and come back once (the release).
"""
from __future__ import annotations

from .base import MobilityDPAlgorithm


class ReleasingAlgorithm(MobilityDPAlgorithm):
    """Base class of the algorithms that publish a DP release (see the module docstring)."""

    #: The stage's ``plan_<name>(**public) -> Plan`` (a staticmethod).
    PLAN = None
    #: The progress ranges of the plan's prepare and release; writing takes the rest up to 100.
    PREPARE_PROGRESS = (0, 0)
    RELEASE_PROGRESS = (0, 50)
    #: The input layer whose source is the default ledger dataset id.
    DATASET_INPUT = "INPUT"

    def execute(self, parameters, context, feedback) -> dict:
        """parameters → plan → read → reserve → release → write → report."""
        public, inputs = self.public_parameters(parameters, context)
        plan = self.PLAN(**public)
        data, held = self.read(parameters, context, feedback, inputs, plan)
        scope = self.ledger_scope(parameters, context, held, plan, data)
        rng = (self.rng(parameters, context) if plan.streams == 1
               else self.rngs(parameters, context, plan.streams))
        data = plan.prepare(data, rng, self.progress(feedback, *self.PREPARE_PROGRESS))
        with self.reserve_budget(parameters, context, planned=plan.cost, **scope) as charge:
            release = charge.check_spent(plan.release(
                data, rng=rng, progress=self.progress(feedback, *self.RELEASE_PROGRESS)))
        results = self.write(parameters, context, feedback, held, release)
        reports = self.report_paths(parameters, context)
        if any(reports.values()):   # the report's figures are made only when one is written
            reports = self.write_reports(parameters, context, release=release,
                                         **self.report(held, plan, release))
        return {**results, **reports}

    # -- the parts an algorithm supplies ------------------------------------------------------
    def public_parameters(self, parameters, context) -> tuple:
        """``(public, inputs)``: the keyword arguments of :attr:`PLAN` (public parameters and
        input facts only) and what :meth:`read` needs to read the inputs."""
        raise NotImplementedError

    def read(self, parameters, context, feedback, inputs, plan) -> tuple:
        """``(data, held)``: the data of ``plan.release`` (what ``plan`` needs read) and what
        the outputs need."""
        raise NotImplementedError

    def write(self, parameters, context, feedback, held, release) -> dict:
        """Every output but the reports; returns {output name: destination}."""
        raise NotImplementedError

    def ledger_scope(self, parameters, context, held, plan, data) -> dict:
        """What the ledger charges besides the plan's cost (keyword arguments of
        :meth:`.base.MobilityDPAlgorithm.reserve_budget`, from the data read): by default the
        dataset id used when DATASET_ID is empty, the source of :attr:`DATASET_INPUT` (a
        callable, called only with a ledger)."""
        return {"default_dataset_id": self.input_dataset_id(parameters, self.DATASET_INPUT,
                                                           context)}

    def report(self, held, plan, release) -> dict:
        """The stage's report builder's result (keyword arguments of ``write_reports``)."""
        raise NotImplementedError
