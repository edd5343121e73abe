"""What a riichienv win result pays, read one way by the differential test
(tests/engine/test_mjai_riichienv.py) and the log-scoring bench
(benches/bench_log_scoring.py)."""

from __future__ import annotations


def riichienv_points(ron_agari: int, tsumo_agari_oya: int, tsumo_agari_ko: int, dealer: bool, ron: bool) -> int:
    """The win's value before honba and sticks, from riichienv's `WinResult` fields:
    the ron payment, or the self-draw payments summed (a dealer's three, or the
    dealer's and two others' for a non-dealer)."""
    if ron:
        return int(ron_agari)
    if dealer:
        return 3 * int(tsumo_agari_ko)
    return int(tsumo_agari_oya) + 2 * int(tsumo_agari_ko)
