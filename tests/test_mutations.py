"""The mutation harness (tests/mutations.py): for single-line mistakes made in the shipped
content, the first diagnostic is at the mistake and one mistake gives one or two
diagnostics, not a flood of knock-on errors elsewhere."""

from __future__ import annotations

import pytest

from tests import mutations

pytestmark = pytest.mark.heavy  # collected first: see conftest

COUNT = 300


@pytest.fixture(scope="module")
def report() -> mutations.Report:
    """Three hundred seeded mutations, checked in two processes."""
    return mutations.run(seed=1, count=COUNT, jobs=2)


def test_mutations_are_seeded() -> None:
    """The same seed makes the same mistakes (the figures are comparable run to run)."""
    assert mutations.mutations(3, 40) == mutations.mutations(3, 40)
    assert {m.operator for m in mutations.mutations(3, 40)} == set(mutations.OPERATORS)


def test_first_diagnostic_is_the_cause(
    report: mutations.Report, capsys: pytest.CaptureFixture[str]
) -> None:
    """In at least 95% of the mutations check reports, the first diagnostic is in the
    mutated file within two lines of the change."""
    with capsys.disabled():
        print(f"\n{report.summary()}")
    assert len(report.seen) > COUNT // 2
    assert report.first_at_cause >= 0.95, "\n".join(report.misses())


def test_one_mistake_gives_one_or_two_diagnostics(report: mutations.Report) -> None:
    """The median number of diagnostics per reported mutation is at most 2."""
    assert report.median_count <= 2, report.summary()
