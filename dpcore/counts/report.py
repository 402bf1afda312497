"""The report of a noisy-counts release (:func:`.noisycounts.plan_noisy_counts`).

Built from the plan's public parameters and the release's public facts only: the result is
publishable. The glue writes it with its translated headings.
"""
from __future__ import annotations


def noisy_counts_report(plan, release, *, inputs=(), copied=()) -> dict:
    """The report's content: unit of privacy, parameter rows, sections.

    ``inputs``: (name, value) rows of public facts of the inputs (layer and field names);
    ``copied``: the fields copied to the output.
    """
    info = release.public
    rows = list(inputs) + [("zones", info["zones"])] + list(plan.params.items())
    rows.append(("fields copied to the output", ", ".join(copied) if copied else "none"))
    return dict(unit_of_privacy=info["unit_of_privacy"], parameter_rows=rows,
                sections=[("Noise", _noise_html(info))])


def _noise_html(info) -> str:
    return (f"<p>L1 sensitivity {info['l1_sensitivity']}, L2 sensitivity "
            f"{info['l2_sensitivity']:.4g}. Each count received independent noise with standard "
            f"deviation {info['noise_std']:.4g}; about 95 % of the noisy counts lie within "
            f"±{2 * info['noise_std']:.3g} of the true count (before rounding/clamping). "
            f"Rounded: {info['rounded']}; negative values clamped to 0: "
            f"{info['clamped_at_zero']}.</p>")
