"""Random-legal clients for examples/table_server.py, and the run that drives many
tables at once and checks what the server kept.

Each seat is its own WebSocket connection playing uniformly among the legal actions
it is sent. It checks, as it goes, that the server loses nothing: the steps it is
told of are numbered 1, 2, 3, ... with none missing or repeated, across any number
of reconnections; a resumed seat is first sent exactly the state it last saw
(view, legal actions, phase); each step of its own is the action it sent for that
step. Its choice at a step is a function of (table, seat, step), so a seat whose
action was lost with an uncommitted step plays the same action again.

`run` starts the server as a subprocess, plays ``tables`` matches to the end (or
until ``seconds``), optionally SIGKILLs and restarts the server along the way, then
reads the SQLite file: every finished match must replay (`Match.from_dict`) and
verify (`verify_logs` of its log), and each seat's recorded actions must be the ones
its client had confirmed. From the shell::

    python examples/table_client.py --tables 500 --seconds 900

prints the figures (actions per second, p50/p99 latency from an action sent to its
confirmation) as JSON.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Dict, List, Optional

import mahjong_fast as mf
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake

SERVER = Path(__file__).resolve().parent / "table_server.py"


def _strip_seat(action: Dict[str, Any]) -> Dict[str, Any]:
    return {k: v for k, v in action.items() if k != "seat"}


class Seat:
    """One seat's client: plays, reconnects and resumes until its match is over."""

    def __init__(self, url: Callable[[], str], table: str, seat: int, seed: int, rules: Any) -> None:
        self.url, self.table, self.seat, self.seed, self.rules = url, table, seat, seed, rules
        self.seq: Optional[int] = None  # the last step seen confirmed
        # What it last saw confirmed, besides the step: the phase, its legal actions,
        # the digest of its view, and its last whole view (sent when it must decide)
        # with the step it came with.
        self.phase: Optional[str] = None
        self.legal: List[Dict[str, Any]] = []
        self.view_hash = ""
        self.view: Optional[Dict[str, Any]] = None
        self.view_seq = -1
        self.intended: Dict[int, Dict[str, Any]] = {}  # step -> the action sent at it
        self.confirmed: List[Dict[str, Any]] = []  # own steps as recorded, in order
        self.sent_at: Dict[int, float] = {}
        self.latencies: List[float] = []
        self.problems: List[str] = []
        self.result: Optional[Dict[str, Any]] = None
        self.finished = False
        self.connections = 0
        self.resumes = 0
        self.resent = 0
        self.stale = 0
        self.steps_seen = 0

    def choose(self, seq: int, legal: List[Dict[str, Any]]) -> Dict[str, Any]:
        return random.Random(f"{self.seed}/{self.table}/{self.seat}/{seq}").choice(legal)

    async def run(self, deadline: float) -> None:
        while not self.finished and time.monotonic() < deadline:
            try:
                async with connect(self.url(), compression=None, proxy=None, open_timeout=5, max_size=None) as ws:
                    self.connections += 1
                    await self.session(ws, deadline)
            except (OSError, ConnectionClosed, InvalidHandshake, asyncio.TimeoutError):
                pass
            self.sent_at.clear()  # an outage is not a latency
            if not self.finished:
                await asyncio.sleep(0.05 + random.random() * 0.1)

    async def session(self, ws: Any, deadline: float) -> None:
        await ws.send(json.dumps({"type": "create", "table": self.table, "seed": self.seed, "rules": self.rules}))
        join: Dict[str, Any] = {"type": "join", "table": self.table, "seat": self.seat}
        if self.seq is not None:
            join["seq"] = self.seq
            self.resumes += 1
        await ws.send(json.dumps(join))
        head: Optional[int] = None
        while time.monotonic() < deadline:
            try:
                text = await asyncio.wait_for(ws.recv(), timeout=max(0.01, deadline - time.monotonic()))
            except asyncio.TimeoutError:
                return
            msg = json.loads(text)
            kind = msg["type"]
            if kind == "created":
                continue
            if kind == "error":
                if msg["error"] == "stale":
                    self.stale += 1
                else:
                    self.problems.append(f"error {msg['error']}: {msg['message']}")
                continue
            if kind == "joined":
                head = msg["head"]
                if self.seq is not None:
                    if msg["seq"] != self.seq:
                        self.problems.append(f"resumed at step {msg['seq']}, asked for {self.seq}")
                    elif (msg["phase"], msg["legal"], msg["view_hash"]) != (self.phase, self.legal, self.view_hash):
                        self.problems.append(f"the state after step {self.seq} differs from the one seen")
                    elif self.view_seq == self.seq and msg["view"] != self.view:
                        self.problems.append(f"the view after step {self.seq} differs from the one seen")
            else:
                if self.seq is None or msg["seq"] != self.seq + 1:
                    self.problems.append(f"step {msg['seq']} came after step {self.seq}")
                self.steps_seen += 1
                step = msg["step"]
                if step["seat"] == self.seat:
                    sent = self.intended.get(msg["seq"] - 1)
                    if sent is None or _strip_seat(step["action"]) != _strip_seat(sent):
                        self.problems.append(f"step {msg['seq']} is {step['action']}, not the action sent ({sent})")
                    self.confirmed.append({"seq": msg["seq"], **_strip_seat(step["action"])})
                    t0 = self.sent_at.pop(msg["seq"] - 1, None)
                    if t0 is not None:
                        self.latencies.append(time.perf_counter() - t0)
            self.seq, self.phase, self.legal, self.view_hash = msg["seq"], msg["phase"], msg["legal"], msg["view_hash"]
            if "view" in msg:
                self.view, self.view_seq = msg["view"], msg["seq"]
            if self.phase == "over":
                self.finished, self.result = True, msg["result"]
                return
            if head is not None and self.seq >= head and self.legal:
                if self.seq in self.intended:
                    self.resent += 1
                action = self.choose(self.seq, self.legal)
                self.intended[self.seq] = action
                self.sent_at[self.seq] = time.perf_counter()
                await ws.send(json.dumps({"type": "act", "table": self.table, "seat": self.seat, "seq": self.seq, "action": action}))


class ServerProcess:
    """examples/table_server.py as a subprocess on 127.0.0.1 (the same port again
    after a restart)."""

    def __init__(self, db: str, sync: str = "full") -> None:
        self.db, self.sync, self.port = db, sync, 0
        self.proc: Optional[subprocess.Popen] = None
        self.start()

    def start(self) -> None:
        cmd = [sys.executable, str(SERVER), "--db", self.db, "--host", "127.0.0.1", "--port", str(self.port), "--sync", self.sync]
        self.proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, text=True)
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()
        if not line.startswith("listening on ws://"):
            self.proc.kill()
            raise RuntimeError(f"the server did not start: {line!r}")
        self.port = int(line.rsplit(":", 1)[1])

    @property
    def url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def kill(self) -> None:
        assert self.proc is not None
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait()

    def stop(self) -> int:
        assert self.proc is not None
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        return self.proc.returncode


@dataclass
class Report:
    """What a run measured and found."""

    tables: int
    finished: int = 0
    actions: int = 0
    steps: int = 0
    seconds: float = 0.0
    actions_per_second: float = 0.0
    p50_ms: float = 0.0
    p99_ms: float = 0.0
    kills: int = 0
    resumes: int = 0
    resent: int = 0
    stale: int = 0
    verified: int = 0
    problems: List[str] = field(default_factory=list)

    def to_dict(self) -> Dict[str, Any]:
        d = dict(self.__dict__)
        d["problems"] = self.problems[:20]
        return d


def _quantile(xs: List[float], q: float) -> float:
    if not xs:
        return 0.0
    s = sorted(xs)
    return s[min(len(s) - 1, int(q * len(s)))]


async def _play(server: ServerProcess, seats: List[Seat], seconds: float, kill_at: List[float]) -> int:
    """All seats at once; the server is SIGKILLed and restarted each time the share
    of the expected steps in `kill_at` has been confirmed (by every seat's count)."""
    deadline = time.monotonic() + seconds
    tasks = [asyncio.create_task(s.run(deadline)) for s in seats]
    kills = 0
    expected = len(seats) * 450  # about the steps each seat sees in an east match
    for share in kill_at:
        while not all(t.done() for t in tasks) and sum(s.steps_seen for s in seats) < share * expected:
            await asyncio.sleep(0.02)
        if all(t.done() for t in tasks):
            break
        server.kill()
        kills += 1
        await asyncio.sleep(0.3)  # clients find the server gone and retry meanwhile
        server.start()
    await asyncio.gather(*tasks)
    return kills


def verify_store(db: str, seats: List[Seat]) -> List[str]:
    """Check the file against the clients: each finished match replays and verifies
    and holds, for each seat, exactly the actions its client saw confirmed."""
    problems: List[str] = []
    con = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    rows = {name: (seq, phase, bytes(snap)) for name, seq, phase, snap in con.execute("SELECT name, seq, phase, snapshot FROM tables")}
    con.close()
    by_table: Dict[str, List[Seat]] = {}
    for s in seats:
        by_table.setdefault(s.table, []).append(s)
    for name, table_seats in by_table.items():
        if name not in rows:
            problems.append(f"{name}: not in the file")
            continue
        seq, phase, snap = rows[name]
        m = mf.Match.restore(snap)
        steps = m.to_dict()["steps"]
        if len(steps) != seq or m.phase != phase:
            problems.append(f"{name}: the row says step {seq} / {phase}, the snapshot {len(steps)} / {m.phase}")
        for s in table_seats:
            recorded = [{"seq": i + 1, **_strip_seat(st)} for i, st in enumerate(steps) if st.get("seat") == s.seat]
            upto = s.seq or 0
            if [r for r in recorded if r["seq"] <= upto] != s.confirmed:
                problems.append(f"{name} seat {s.seat}: the recorded actions differ from those its client saw confirmed")
            if s.finished and s.result != m.result():
                problems.append(f"{name} seat {s.seat}: result {s.result} != {m.result()}")
        if phase != "over":
            continue
        if mf.Match.from_dict(m.to_dict()) != m:
            problems.append(f"{name}: replaying its steps gives another match")
        [report] = mf.verify_logs([(name, m.log().encode())])
        if not (report.get("ok") and report.get("complete")):
            problems.append(f"{name}: the log does not verify: {report.get('problems') or report.get('error')}")
    return problems


def run(tables: int, *, seconds: float = 120.0, rules: Any = None, kill_at: Optional[List[float]] = None,
        db: Optional[str] = None, sync: str = "full", seed: int = 0) -> Report:
    """Play `tables` matches through a server subprocess (see the module doc)."""
    rules = rules if rules is not None else {"preset": "tenhou", "length": "east"}
    tmp = None
    if db is None:
        tmp = tempfile.mkdtemp(prefix="table_server_")
        db = os.path.join(tmp, "tables.sqlite")
    server = ServerProcess(db, sync)
    players = mf.Match(rules).rules.players
    seats = [Seat(lambda: server.url, f"t{i}", s, seed + i, rules) for i in range(tables) for s in range(players)]
    t0 = time.monotonic()
    try:
        kills = asyncio.run(_play(server, seats, seconds, kill_at or []))
    finally:
        server.stop()
    elapsed = time.monotonic() - t0
    rep = Report(tables=tables, seconds=round(elapsed, 2), kills=kills)
    rep.finished = len({s.table for s in seats if s.finished})
    rep.actions = sum(len(s.confirmed) for s in seats)
    rep.steps = sum(s.seq or 0 for s in seats if s.seat == 0)
    rep.actions_per_second = round(rep.actions / elapsed, 1)
    lat = [x for s in seats for x in s.latencies]
    rep.p50_ms, rep.p99_ms = round(_quantile(lat, 0.5) * 1e3, 2), round(_quantile(lat, 0.99) * 1e3, 2)
    rep.resumes = sum(s.resumes for s in seats)
    rep.resent = sum(s.resent for s in seats)
    rep.stale = sum(s.stale for s in seats)
    rep.problems = [f"{s.table} seat {s.seat}: {p}" for s in seats for p in s.problems]
    rep.problems += verify_store(db, seats)
    rep.verified = rep.finished if not rep.problems else 0
    return rep


def main(argv: Optional[List[str]] = None) -> int:
    p = argparse.ArgumentParser(description="Drive examples/table_server.py with random-legal clients and report.")
    p.add_argument("--tables", type=int, default=50)
    p.add_argument("--seconds", type=float, default=120.0, help="stop the clients after this long")
    p.add_argument("--length", choices=["east", "east_south"], default="east")
    p.add_argument("--kill-at", type=float, action="append", default=[], help="SIGKILL and restart the server when this share of the steps is done")
    p.add_argument("--sync", choices=["full", "normal"], default="full")
    p.add_argument("--db", help="the SQLite file (default: a new temporary one)")
    a = p.parse_args(argv)
    rep = run(a.tables, seconds=a.seconds, rules={"preset": "tenhou", "length": a.length}, kill_at=a.kill_at, db=a.db, sync=a.sync)
    print(json.dumps(rep.to_dict(), indent=1))
    return 0 if not rep.problems else 1


if __name__ == "__main__":
    sys.exit(main())
