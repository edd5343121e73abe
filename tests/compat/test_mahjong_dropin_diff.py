"""Differential test of the ``mahjong`` drop-in against the installed ``mahjong``
package: every field of the response (han, fu, cost dict, yaku ids / names / han,
fu_details, error, is_open_hand) for the same generated hands under several
``OptionalRules`` settings (``compat_diff.py``); every difference left must be one of
the documented ones (docs/compat_mahjong.md).

CI runs a short form; ``MAHJONG_FAST_LONG=1`` runs 100,000 hands per setting (the
figures recorded in docs/compat_mahjong.md).
"""

from __future__ import annotations

import os

import pytest

pytest.importorskip("mahjong")

from compat_diff import SETTINGS, run  # noqa: E402

N = 100_000 if os.environ.get("MAHJONG_FAST_LONG") == "1" else 3000


@pytest.mark.parametrize("setting", sorted(SETTINGS))
def test_dropin_agrees_with_mahjong(setting):
    seed = sorted(SETTINGS).index(setting) + 11
    reasons, unexplained, kinds = run(setting, N, seed)
    print(setting, N, dict(reasons), dict(kinds))
    assert not unexplained, f"{len(unexplained)} unexplained differences of {N}:\n" + "\n".join(unexplained[:10])
    # The run must reach errors, yakuman and plain hands; differences (refusals apart) stay rare.
    assert kinds["error"] > 0 and kinds["yakuman"] > 0 and kinds["scored"] > N // 2
    differing = sum(v for k, v in reasons.items() if not k.startswith(("refused", "the mahjong package")))
    assert differing < N // 10
    assert sum(reasons.values()) < N // 4
