"""Seed corpora for the fuzz targets (fuzz/corpus/<target>/, not committed).

Small synthetic inputs always; excerpts of a few real samples when the shared data
is present (../shared/data/tenhou, ../shared/data/solitaire_layouts, or the folders
named by MAHJONG_FAST_TENHOU_DIR / MAHJONG_FAST_SOLITAIRE_LAYOUTS); layouts in every
format and rule files from the package when it is installed. Real logs are cut to
their first hands so that inputs stay small enough to mutate quickly.

    python scripts/fuzz_seeds.py [corpus folder]
"""

from __future__ import annotations

import gzip
import hashlib
import json
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TENHOU = Path(os.environ.get("MAHJONG_FAST_TENHOU_DIR", ROOT.parent / "shared/data/tenhou")) / "raw"
LAYOUTS = Path(os.environ.get("MAHJONG_FAST_SOLITAIRE_LAYOUTS", ROOT.parent / "shared/data/solitaire_layouts"))

MJLOG = (
    '<mjloggm ver="2.3"><GO type="169" lobby="0"/><UN n0="%41" n1="%42" n2="%43" n3="%44"/>'
    '<TAIKYOKU oya="0"/><INIT seed="0,0,0,3,1,124" ten="250,250,250,250" oya="0" '
    'hai0="44,9,52,118,113,109,30,42,53,87,12,134,102" hai1="31,24,25,8,107,28,41,60,58,112,32,76,78" '
    'hai2="69,81,55,98,128,33,3,110,89,29,23,84,132" hai3="1,57,34,125,11,92,66,17,74,99,22,115,0"/>'
    '<T119/><D113/><U127/><E127/><N who="2" m="19561"/><REACH who="0" step="1"/><RYUUKYOKU ba="0,0" '
    'sc="250,0,250,0,250,0,250,0"/></mjloggm>'
)
CLIENT = (
    'Get: <GO type="9" lobby="0"/>\n'
    'Get: <INIT seed="0,0,0,1,2,30" ten="250,250,250,250" oya="0" hai="0,4,8,12,16,20,24,28,32,36,40,44,48"/> <T52/>\n'
    'Get: <D52/> <U/> <e60/>\n'
    'Get: <REINIT seed="0,0,0,1,2,30" ten="250,250,250,250" oya="0" hai="0,4,8,12,16,20,24,28,32,36,40,44,48" '
    'm2="21815" kawa0="52" kawa1="60,255,61"/> <W/>\n'
)
TENHOU6 = (
    '{"log":[[[0,0,0],[25000,25000,25000,25000],[47],[],[11,12,13,14,15,16,17,18,19,21,22,23,24],[25],[60],'
    "[31,32,33,34,35,36,37,38,39,41,42,43,44],[],[],[45,45,45,46,46,46,47,47,26,27,28,29,29],[],[],"
    '[11,11,11,12,12,12,13,13,13,14,14,14,15],[],[],["流局",[0,0,0,0]]]],"rule":{"disp":"南喰赤","aka":1}}'
)
MJAI = "\n".join(
    [
        '{"type":"start_game","names":["a","b","c","d"]}',
        '{"type":"start_kyoku","bakaze":"E","kyoku":1,"honba":0,"kyotaku":0,"oya":0,"dora_marker":"5p",'
        '"scores":[25000,25000,25000,25000],"tehais":[["1m","2m","3m","4m","5mr","6m","7m","8m","9m","1p","2p","3p","4p"],'
        '["?","?","?","?","?","?","?","?","?","?","?","?","?"],["?","?","?","?","?","?","?","?","?","?","?","?","?"],'
        '["?","?","?","?","?","?","?","?","?","?","?","?","?"]]}',
        '{"type":"tsumo","actor":0,"pai":"E"}',
        '{"type":"dahai","actor":0,"pai":"E","tsumogiri":true}',
        '{"type":"pon","actor":2,"target":0,"pai":"E","consumed":["E","E"]}',
        '{"type":"ryukyoku","reason":"fanpai","deltas":[0,0,0,0]}',
        '{"type":"end_kyoku"}',
        '{"type":"end_game"}',
    ]
)
SYNTHETIC = {
    "mpsz": ["123m456p789s11z", "0m0p0s", "1234567z", "19m19p19s1234567z5z", "55m 05p", "1m2", ""],
    "ids": [bytes(range(0, 28)), bytes([16, 0, 52, 0, 88, 0, 135, 0, 136, 0])],
    "log_mjlog": [MJLOG, gzip.compress(MJLOG.encode())],
    "log_client": [CLIENT],
    "log_tenhou6": [TENHOU6],
    "log_mjai": [MJAI],
    "layout_kmahjongg": ["kmahjongg-layout-v1.1\nw4\nh2\nd1\n1212\n3434\n"],
    "layout_gnome": ['<mahjongg><map name="t"><tile x="0" y="0" layer="0"/><tile x="2" y="0" layer="0"/></map></mahjongg>'],
    "layout_xmahjongg": ["# t\n0 0 0\n2 0 0\n"],
    "layout_kyodai": ["Kyodai 3.0\n"],
    "rules_toml": ['[rules]\nmin_han = 2\n', 'preset = "tenhou"\nred_fives = false\n', '[match]\npreset = "tenhou"\n'],
    "deal": ["0 0 0 1m\n2 0 0 1m\n# two tiles\n", "0 0 0 plum\n2 0 0 orchid\n"],
}


def put(corpus: Path, target: str, data: str | bytes) -> None:
    raw = data.encode("utf-8") if isinstance(data, str) else data
    d = corpus / target
    d.mkdir(parents=True, exist_ok=True)
    (d / hashlib.sha1(raw).hexdigest()[:16]).write_bytes(raw)


def first_hands_mjlog(text: str, hands: int) -> str:
    """The log up to its n-th hand end, closed again."""
    end = 0
    for _ in range(hands):
        i = min((j for j in (text.find("<AGARI", end), text.find("<RYUUKYOKU", end)) if j >= 0), default=-1)
        if i < 0:
            return text
        end = text.find(">", i) + 1
    return text[:end] + "</mjloggm>"


def smallest(files: list[Path], n: int) -> list[Path]:
    return sorted((f for f in files if f.is_file() and f.stat().st_size > 0), key=lambda f: (f.stat().st_size, f))[:n]


def real_logs(corpus: Path) -> None:
    if not TENHOU.is_dir():
        print(f"(no {TENHOU}: synthetic log seeds only)")
        return
    mjlogs = smallest([*TENHOU.glob("mjx/*.mjlog"), *TENHOU.glob("pantheon/*.xml"), *TENHOU.glob("dnovikoff-tenhou/test_data/*.xml")], 12)
    for f in mjlogs:
        text = f.read_text(encoding="utf-8", errors="replace")
        put(corpus, "log_mjlog", first_hands_mjlog(text, 2))
    for f in smallest(list(TENHOU.glob("dnovikoff-tenhou/session_logs*/*.log")), 6) + [
        TENHOU / "dnovikoff-tenhou/session_logs4/444b3_2018-02-04_09_11_02.log"
    ]:
        if f.is_file():
            lines = f.read_text(encoding="utf-8", errors="replace").splitlines(keepends=True)
            put(corpus, "log_client", "".join(lines[:40]))
    for f in smallest([*TENHOU.glob("mjai-reviewer/*.json"), *TENHOU.glob("mjlog2json/*.json")], 10):
        try:
            d = json.loads(f.read_text(encoding="utf-8"))
            d["log"] = d["log"][:2]
            put(corpus, "log_tenhou6", json.dumps(d, ensure_ascii=False))
        except (ValueError, KeyError, TypeError):
            continue
    try:
        from mahjong_fast import engine
    except ImportError:
        print("(mahjong_fast not installed: no mjai seeds converted from real logs)")
        return
    for f in mjlogs[:6]:
        for text in engine.convert_log(f, "mjai")[:1]:
            lines = text.splitlines()
            cut = next((i for i, line in enumerate(lines) if '"end_kyoku"' in line), len(lines))
            put(corpus, "log_mjai", "\n".join(lines[: cut + 1]) + "\n")
    # tenhou.net/6 with this package's extension (docs/tenhou6_extensions.md): client
    # logs (unseen tiles, a resumed hand, a three-player table whose empty seat is 1).
    client = TENHOU / "dnovikoff-tenhou"
    for f in smallest(list(client.glob("session_logs*/*.log")), 3) + [
        client / "session_logs4/444b3_2018-02-06_07_34_02.log",
        client / "network_examples/sanma.log",
    ]:
        if f.is_file():
            for text in engine.convert_log(f, "tenhou6")[:1]:
                d = json.loads(text)
                resumed = [h for h in d["log"] if len(h) > 17 and "resumed" in h[17]]
                d["log"] = d["log"][:2] + resumed[:1]
                put(corpus, "log_tenhou6", json.dumps(d, ensure_ascii=False))


def layouts_and_rules(corpus: Path) -> None:
    if LAYOUTS.is_dir():
        for f in smallest(list(LAYOUTS.rglob("*.layout")), 6):
            put(corpus, "layout_kmahjongg", f.read_bytes())
        for f in smallest(list(LAYOUTS.rglob("*.lay")), 6):
            put(corpus, "layout_kyodai", f.read_bytes())
        for f in smallest(list(LAYOUTS.rglob("*.map")), 1):
            put(corpus, "layout_gnome", f.read_bytes()[:20000])
    try:
        import mahjong_fast as mf
    except ImportError:
        print("(mahjong_fast not installed: no layout or rule seeds from the package)")
        return
    fmts = {"kmahjongg": "layout_kmahjongg", "gnome": "layout_gnome", "xmahjongg": "layout_xmahjongg", "kyodai": "layout_kyodai"}
    for name in mf.SolitaireLayout.builtin_names()[:3]:
        lay = mf.SolitaireLayout.builtin(name)
        for fmt, target in fmts.items():
            try:
                put(corpus, target, lay.write(fmt))
            except mf.MahjongError:
                continue
        faces = ["1m", "1m", "2m", "2m"] * (len(lay.positions) // 4 + 1)
        put(corpus, "deal", "".join(f"{x} {y} {z} {faces[i]}\n" for i, (x, y, z) in enumerate(lay.positions)))
    from mahjong_fast.taiwan import TaiwanRules

    for cls in (mf.RuleSet, mf.MatchRules, TaiwanRules):
        for p in cls.preset_names()[:4]:
            put(corpus, "rules_toml", cls.preset(p).to_toml())


def main() -> None:
    corpus = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "fuzz/corpus"
    for target, seeds in SYNTHETIC.items():
        for s in seeds:
            put(corpus, target, s)
    real_logs(corpus)
    layouts_and_rules(corpus)
    for d in sorted(corpus.iterdir()):
        print(f"{d.name}: {sum(1 for _ in d.iterdir())} seeds")


if __name__ == "__main__":
    main()
