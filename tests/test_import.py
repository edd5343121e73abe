"""`import mahjong_fast` and the scalar calls load neither NumPy nor pyarrow / pandas /
polars (nor the Taiwan package): the batch calls load them on first use."""

import subprocess
import sys

HEAVY = ("numpy", "pyarrow", "pandas", "polars", "mahjong_fast.taiwan")


def _loaded(code):
    out = subprocess.run([sys.executable, "-c", code + f"\nimport sys; print(*[m for m in {HEAVY!r} if m in sys.modules])"],
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr[-3000:]
    return out.stdout.split()


def test_import_and_scalar_calls_load_no_heavy_module():
    assert _loaded("import mahjong_fast") == []
    assert _loaded(
        "import mahjong_fast as mf\n"
        "assert mf.shanten('123m456p789s1122z') == 0\n"
        "assert mf.score('234567m234p22s', '6m', melds=['chi:678s'], rules='tenhou').points == 1000\n"
        "assert mf.points(3, 30, dealer=True)['ron'] == 5800\n"
        "mf.SolitaireGame('turtle', seed=1)\n"
        "from mahjong_fast.riichi import ScoreResult, score\n"
    ) == []


def test_batch_calls_load_numpy_when_used():
    assert _loaded("import mahjong_fast as mf\nmf.shanten_batch(['123m456p789s1122z'])") == ["numpy"]
    assert "mahjong_fast.taiwan" in _loaded("import mahjong_fast as mf\nmf.taiwan.score('123m456m789m234p567p55s', win_tile='7p')")
    # Every lazily offered name resolves to what its module defines.
    import mahjong_fast as mf
    from mahjong_fast import hand_batches, riichi, riichi_batch, solitaire, solitaire_batch

    assert mf.shanten_batch is hand_batches.shanten_batch and mf.score_many is riichi_batch.score_many
    assert riichi.wins_to_columns is riichi_batch.wins_to_columns and solitaire.survey is solitaire_batch.survey
    assert set(mf.__all__) <= set(dir(mf)) and set(mf.taiwan.__all__) <= set(dir(mf.taiwan))
