"""A riichi table server that loses nothing: many tables over WebSockets, each seat a
connected client that receives only its own view, every table's state in SQLite.

Run it (the ``websockets`` package is a development dependency of this example, not
of mahjong_fast)::

    python examples/table_server.py --db tables.sqlite --port 8765

It prints ``listening on ws://HOST:PORT`` once it accepts connections (``--port 0``
takes a free port) and stops on SIGTERM or Ctrl-C. The protocol (JSON text messages;
docs/table_server.md has the whole of it):

- ``{"type": "create", "table": NAME, "seed": N, "rules": PRESET-or-OPTIONS}`` makes a
  table (again with the same seed and rules: no change); answered ``created``.
- ``{"type": "join", "table": NAME, "seat": S}`` takes a seat; ``"seq": K`` added
  resumes it: the answer ``joined`` holds the seat's state after step K -- its
  view, its legal actions, the phase -- and ``head``, the table's step; then one
  ``state`` message for each step K+1 .. head, as they would have come live.
- ``{"type": "act", "seat": S, "seq": K, "action": ACTION}`` plays one of the
  seat's legal actions (as `Match.legal_actions` lists them) in the state after step
  K. Every seat then gets ``state``: the step's number ``seq``, who made it and
  what (a pass only to its own seat), its legal actions, a digest of its view and
  the view itself when it must decide, the result once the match is over.
- A message that cannot be carried out is answered ``{"type": "error", "error":
  KIND, "message": ...}`` naming what was wrong (``ERRORS``); nothing changes.

What makes it lose nothing: an accepted action changes the table in memory only;
the next group commit writes the snapshot (`Match.snapshot`) of every changed table
in one SQLite transaction, and only after the commit are the ``state`` messages of
those steps sent. A server killed at any moment restarts from the last commit, and
every step a client saw is in it; a step made but not committed was seen by nobody
(its seat's client plays again from the state it last saw). A resumed seat is sent
the steps it missed rebuilt from the committed record, so the messages it gets are
the ones it would have got.
"""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import json
import signal
import sqlite3
import sys
import traceback
from typing import Any, Dict, List, Optional, Set, Tuple

import mahjong_fast as mf
from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed

#: Every kind of error the server answers with, and when.
ERRORS = {
    "bad_json": "the message is not JSON text (or is a binary frame)",
    "bad_message": "the JSON is not an object with a known 'type'",
    "bad_field": "a field is missing or out of its range (the message names it)",
    "unknown_table": "no table of that name",
    "table_exists": "create named a table that exists with another seed or rules",
    "not_joined": "act before join",
    "wrong_table": "act names a table other than the one this connection sits at",
    "wrong_seat": "act names a seat other than the one this connection holds",
    "stale": "act is for an older step than the table's (another action came first)",
    "ahead": "join asks to resume after a step the table has not made",
    "not_your_turn": "the seat has nothing to decide now",
    "illegal_action": "the engine refused the action (its message says why)",
    "match_over": "the match at this table has ended",
    "replaced": "another connection took this seat (sent before this one is closed)",
    "storage_failed": "the state could not be written; resume to continue from the last commit",
    "internal": "a fault in the server itself (logged; the server goes on)",
}

#: The longest table name and the biggest message read (larger ones close the
#: connection with code 1009, as WebSockets prescribe).
MAX_NAME = 64
MAX_MESSAGE = 64 * 1024

SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    name     TEXT PRIMARY KEY,
    seed     INTEGER NOT NULL,
    rules    TEXT NOT NULL,     -- the create message's rules as canonical JSON
    seq      INTEGER NOT NULL,  -- how many steps the snapshot holds
    phase    TEXT NOT NULL,     -- turn, claim or over
    snapshot BLOB NOT NULL      -- Match.snapshot(): seed, wall, every step, the rules
)
"""


class Refused(Exception):
    """A client message that cannot be carried out: answered, never raised further."""

    def __init__(self, kind: str, message: str) -> None:
        super().__init__(message)
        self.kind = kind


def _dump(obj: Any) -> str:
    return json.dumps(obj, separators=(",", ":"))


def _error(kind: str, message: str) -> str:
    return _dump({"type": "error", "error": kind, "message": message})


class Store:
    """The SQLite file, used from the event loop's thread only. A commit blocks the
    loop while it writes, which is what batches the next one: the messages that
    arrive meanwhile are all in the next transaction. (A writer thread would free
    the loop but hand the GIL back and forth on every commit, which costs more here
    than the write.) WAL lets the file be read meanwhile, by tests say. ``sync`` is
    SQLite's ``synchronous``: ``full`` makes every commit durable against power loss
    too, ``normal`` against a killed process (the WAL is in the OS's hands)."""

    def __init__(self, path: str, sync: str) -> None:
        self.path, self.sync = path, sync
        self.db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=True)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute(f"PRAGMA synchronous={self.sync.upper()}")
        self.db.execute(SCHEMA)

    def load(self, name: str) -> Optional[Tuple[int, str, int, str, bytes]]:
        row = self.db.execute("SELECT seed, rules, seq, phase, snapshot FROM tables WHERE name = ?", (name,)).fetchone()
        return None if row is None else (row[0], row[1], row[2], row[3], bytes(row[4]))

    def write(self, rows: List[Tuple[bool, str, int, str, int, int, str, bytes]]) -> None:
        """One transaction: a new table is inserted, a known one updated from the
        step it was last written at (anything else means two writers: refused)."""
        self.db.execute("BEGIN IMMEDIATE")
        try:
            for new, name, seed, rules, old_seq, seq, phase, snapshot in rows:
                if new:
                    self.db.execute(
                        "INSERT INTO tables (name, seed, rules, seq, phase, snapshot) VALUES (?, ?, ?, ?, ?, ?)",
                        (name, seed, rules, seq, phase, snapshot),
                    )
                else:
                    cur = self.db.execute(
                        "UPDATE tables SET seq = ?, phase = ?, snapshot = ? WHERE name = ? AND seq = ?",
                        (seq, phase, snapshot, name, old_seq),
                    )
                    if cur.rowcount != 1:
                        raise sqlite3.IntegrityError(f"table {name!r} is not at step {old_seq} in the file")
            self.db.execute("COMMIT")
        except BaseException:
            self.db.execute("ROLLBACK")
            raise

    def close(self) -> None:
        self.db.close()


class Conn:
    """One client connection: what it holds (a seat at a table), the last step it
    was sent (None until its join is answered), and its outgoing queue (one writer
    task per connection, so a slow client delays only itself and messages keep
    their order)."""

    def __init__(self, ws: ServerConnection) -> None:
        self.ws = ws
        self.table: Optional[Table] = None
        self.seat = -1
        self.last_sent: Optional[int] = None
        self.out: asyncio.Queue[Optional[str]] = asyncio.Queue()
        self.closed = False

    def push(self, text: str) -> None:
        if not self.closed:
            self.out.put_nowait(text)

    async def write_loop(self) -> None:
        while True:
            text = await self.out.get()
            if text is None:
                await self.ws.close()
                return
            try:
                await self.ws.send(text)
            except ConnectionClosed:
                return


Step = Dict[str, Any]


class Table:
    """A match and its seats. ``steps`` mirrors the match's journal (``to_dict()``
    steps) so that the state after any step can be rebuilt for a resuming seat;
    ``committed`` is the step the file holds, ``pending`` the steps made since the
    last commit with the ``state`` messages each seat gets for them."""

    def __init__(self, name: str, seed: int, rules: str, match: mf.Match, committed: int, new: bool) -> None:
        self.name, self.seed, self.rules, self.match = name, seed, rules, match
        d = match.to_dict()
        self.steps: List[Step] = d.pop("steps")
        self.base = d  # rules, scoring, seed, wall: what from_dict needs besides the steps
        self.players = match.rules.players
        self.committed = committed
        self.new = new
        self.seats: List[Optional[Conn]] = [None] * self.players
        self.pending: List[Tuple[int, Dict[int, str]]] = []

    @property
    def seq(self) -> int:
        return len(self.steps)

    def at(self, seq: int) -> mf.Match:
        """The match after its first `seq` steps (replayed)."""
        return mf.Match.from_dict({**self.base, "steps": self.steps[:seq]})


#: The fields of a view that differ between seats; the rest (rivers, melds, scores,
#: indicators, ...) is the same table seen by everyone.
PRIVATE = ("seat", "hand", "drawn")


class Shared:
    """The JSON text of the public part of the views of one state, made once from
    the first view asked for and reused for every seat (the public fields of a
    `SeatView` are the same for every seat by construction: only ``PRIVATE``
    differs). A seat that only waits needs no view of its own: its private part is
    its sorted concealed tiles (`Match.hand`) and no drawn tile (a seat that has
    drawn always has actions to decide), so one `Match.view` serves a whole step."""

    def __init__(self) -> None:
        self.text: Optional[str] = None

    def public(self, m: mf.Match, seat: int) -> str:
        if self.text is None:
            view = m.view(seat)
            self.text = _dump({k: v for k, v in view.items() if k not in PRIVATE})
        return self.text

    def view_text(self, m: mf.Match, seat: int, whole: bool) -> str:
        """`seat`'s view as JSON text: the private fields, then the public ones."""
        if whole:
            view = m.view(seat)
            own = {k: view[k] for k in PRIVATE}
            if self.text is None:
                self.text = _dump({k: v for k, v in view.items() if k not in PRIVATE})
        else:
            own = {"seat": seat, "hand": sorted(m.hand(seat)), "drawn": None}
        return _dump(own)[:-1] + "," + self.public(m, seat)[1:]


def state_message(kind: str, m: mf.Match, seat: int, seq: int, step: Optional[Step], shared: Shared,
                  head: Optional[int] = None) -> str:
    """What `seat` is told about the match `m` after step `seq`: who made the step
    and what it was (a pass only to its own seat: nobody else sees a pass), its
    legal actions, the result once the match is over, and its view: whole when it
    must decide, joins or the match is over; otherwise only ``view_hash``, a digest
    of the view's text, which a resumed seat can compare (a waiting seat learns the
    table from the steps; the view is there when it needs one)."""
    phase = m.phase
    msg: Dict[str, Any] = {"type": kind, "seq": seq, "phase": phase}
    if head is not None:
        msg["head"] = head
    if step is not None:
        shown = step.get("seat") in (seat, None) or step["type"] != "pass"
        msg["step"] = {"seat": step.get("seat"), "action": step if shown else None}
    msg["legal"] = m.legal_actions(seat) if seat in m.to_act() else []
    msg["result"] = m.result() if phase == "over" else None
    whole = bool(msg["legal"]) or kind == "joined" or phase == "over"
    view = shared.view_text(m, seat, whole)
    msg["view_hash"] = hashlib.blake2b(view.encode(), digest_size=8).hexdigest()
    if whole:
        return _dump(msg)[:-1] + ',"view":' + view + "}"
    return _dump(msg)


class Server:
    """Tables in memory over the `Store`; the group commit (`flusher`)."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.tables: Dict[str, Table] = {}
        self.dirty: Set[Table] = set()
        self.joins: List[Tuple[Conn, Table, int]] = []
        self.after_commit: List[Tuple[Conn, str]] = []
        self.wake = asyncio.Event()
        self.commits = 0

    # -- tables ---------------------------------------------------------------
    async def table(self, name: str) -> Optional[Table]:
        t = self.tables.get(name)
        if t is not None:
            return t
        row = self.store.load(name)
        if row is None:
            return None
        seed, rules, seq, _, snapshot = row
        t = Table(name, seed, rules, mf.Match.restore(snapshot), seq, new=False)
        if t.seq != seq:
            raise RuntimeError(f"table {name!r}: the snapshot holds {t.seq} steps, the row says {seq}")
        self.tables[name] = t
        return t

    # -- messages -------------------------------------------------------------
    async def on_message(self, conn: Conn, text: Any) -> None:
        if not isinstance(text, str):
            raise Refused("bad_json", "binary frames are not read: send JSON text")
        try:
            msg = json.loads(text)
        except (ValueError, RecursionError) as e:
            raise Refused("bad_json", f"the message is not JSON: {e}") from None
        if not isinstance(msg, dict):
            raise Refused("bad_message", f"the message must be a JSON object, got {type(msg).__name__}")
        kind = msg.get("type")
        handler = {"create": self.on_create, "join": self.on_join, "act": self.on_act}.get(kind)  # type: ignore[arg-type]
        if handler is None:
            raise Refused("bad_message", f"unknown message type {kind!r} (create, join or act)")
        await handler(conn, msg)

    async def on_create(self, conn: Conn, msg: Dict[str, Any]) -> None:
        name = _name(msg)
        seed = _int(msg, "seed", 0, 2**63 - 1, default=0)
        rules = msg.get("rules", "tenhou")
        presets = mf.MatchRules.preset_names()
        if isinstance(rules, str):
            if rules not in presets:
                raise Refused("bad_field", f"rules must be a preset name ({', '.join(presets)}) or an object of options, got {rules!r}")
        elif not isinstance(rules, dict):
            raise Refused("bad_field", f"rules must be a preset name or an object of options, got {type(rules).__name__}")
        rules_text = json.dumps(rules, sort_keys=True)
        t = await self.table(name)
        if t is None:
            try:
                m = mf.Match(rules, seed=seed)
            except mf.MahjongError as e:
                raise Refused("bad_field", f"rules: {e}") from None
            t = self.tables.setdefault(name, Table(name, seed, rules_text, m, committed=0, new=True))
        if (t.seed, t.rules) != (seed, rules_text):
            raise Refused("table_exists", f"table {name!r} exists with seed {t.seed} and rules {t.rules}")
        reply = _dump({"type": "created", "table": name, "seq": t.seq})
        if t.new:
            self.dirty.add(t)
            self.after_commit.append((conn, reply))
            self.wake.set()
        else:
            conn.push(reply)

    async def on_join(self, conn: Conn, msg: Dict[str, Any]) -> None:
        name = _name(msg)
        t = await self.table(name)
        if t is None:
            raise Refused("unknown_table", f"no table named {name!r} (create it first)")
        seat = _int(msg, "seat", 0, t.players - 1)
        seq = _int(msg, "seq", 0, 2**63 - 1, default=None)
        if seq is not None and seq > t.seq:
            raise Refused("ahead", f"seq {seq} is after the table's last step ({t.seq})")
        self.leave(conn)
        old = t.seats[seat]
        if old is not None and old is not conn:
            old.push(_error("replaced", f"another connection took seat {seat} of table {name!r}"))
            old.push(None)  # type: ignore[arg-type]
            old.table = None
        t.seats[seat] = conn
        conn.table, conn.seat, conn.last_sent = t, seat, None
        # A first join is answered with the state as it is now (steps made before
        # the answer goes out follow it as state messages).
        self.joins.append((conn, t, t.seq if seq is None else seq))
        self.wake.set()

    async def on_act(self, conn: Conn, msg: Dict[str, Any]) -> None:
        t = conn.table
        if t is None:
            raise Refused("not_joined", "join a table before acting")
        if "table" in msg and msg["table"] != t.name:
            raise Refused("wrong_table", f"this connection sits at table {t.name!r}, the action names {msg['table']!r}")
        seat = _int(msg, "seat", 0, 3)
        if seat != conn.seat:
            raise Refused("wrong_seat", f"this connection holds seat {conn.seat} of table {t.name!r}, the action names seat {seat}")
        seq = _int(msg, "seq", 0, 2**63 - 1)
        action = msg.get("action")
        if not isinstance(action, dict):
            raise Refused("bad_field", f"action must be an object (one of the legal actions), got {type(action).__name__}")
        if "seat" in action and action["seat"] != seat:
            raise Refused("wrong_seat", f"the action names seat {action['seat']!r}, the message seat {seat}")
        m = t.match
        if m.phase == "over":
            raise Refused("match_over", f"the match at table {t.name!r} is over")
        if seq != t.seq:
            raise Refused("stale", f"the action is for step {seq}, table {t.name!r} is at step {t.seq}")
        if seat not in m.to_act():
            raise Refused("not_your_turn", f"seat {seat} has nothing to decide at step {seq} (to act: {m.to_act()})")
        try:
            m.apply(seat, action)
        except mf.MahjongError as e:
            raise Refused("illegal_action", f"{type(e).__name__}: {e}") from None
        self.record(t, {"seat": seat, **{k: v for k, v in action.items() if k != "seat"}})
        if m.phase == "ended":
            m.next_hand()
            self.record(t, {"type": "next_hand"})

    def record(self, t: Table, step: Step) -> None:
        """A step the match has taken: journaled, its messages made now (each seat's
        state right after it) and sent after the commit."""
        t.steps.append(step)
        texts = {}
        shared = Shared()
        for seat, c in enumerate(t.seats):
            if c is not None and c.last_sent is not None:
                texts[seat] = state_message("state", t.match, seat, t.seq, step, shared)
        t.pending.append((t.seq, texts))
        self.dirty.add(t)
        self.wake.set()

    def leave(self, conn: Conn) -> None:
        t = conn.table
        if t is not None and t.seats[conn.seat] is conn:
            t.seats[conn.seat] = None
        conn.table = None

    # -- the group commit -----------------------------------------------------
    async def flusher(self) -> None:
        while True:
            await self.wake.wait()
            self.wake.clear()
            tables, rows, sends = self.collect()
            if rows:
                try:
                    self.store.write(rows)
                except Exception as e:
                    self.storage_failed(tables, sends, e)
                    continue
                self.commits += 1
            for t, seq in tables:
                t.committed, t.new = seq, False
            for conn, text in sends:
                conn.push(text)

    def collect(self) -> Tuple[List[Tuple[Table, int]], list, List[Tuple[Conn, str]]]:
        """What the next commit writes (every changed table's snapshot) and, in
        order, what is sent once it is done: the replies to creates, each step's
        messages, and each join's catch-up (up to the step being committed)."""
        tables, rows = [], []
        for t in self.dirty:
            m = t.match
            rows.append((t.new, t.name, t.seed, t.rules, t.committed, t.seq, m.phase, m.snapshot()))
            tables.append((t, t.seq))
        self.dirty = set()
        sends, self.after_commit = self.after_commit, []
        for t, _ in tables:
            for seq, texts in t.pending:
                for seat, text in texts.items():
                    c = t.seats[seat]
                    if c is not None and c.last_sent is not None and c.last_sent < seq:
                        sends.append((c, text))
                        c.last_sent = seq
            t.pending = []
        joins, self.joins = self.joins, []
        by_table: Dict[Table, List[Tuple[Conn, int]]] = {}
        for conn, t, seq in joins:
            if conn.table is t and t.seats[conn.seat] is conn and not conn.closed:
                by_table.setdefault(t, []).append((conn, seq))
        for t, seated in by_table.items():
            sends.extend(self.catch_up(t, seated))
        return tables, rows, sends

    def catch_up(self, t: Table, seated: List[Tuple[Conn, int]]) -> List[Tuple[Conn, str]]:
        """The answers to the joins at `t`: one replay from the earliest step asked
        for, each seat's ``joined`` at its step, then its ``state`` for every later
        step up to the table's."""
        head = t.seq
        start = min(seq for _, seq in seated)
        m = t.at(start) if start < head else t.match
        out: List[Tuple[Conn, str]] = []
        for i in range(start, head + 1):
            shared = Shared()
            if i > start:
                step = t.steps[i - 1]
                if step["type"] == "next_hand":
                    m.next_hand()
                else:
                    m.apply(step["seat"], {k: v for k, v in step.items() if k != "seat"})
            for conn, want in seated:
                if i == want:
                    out.append((conn, state_message("joined", m, conn.seat, i, None, shared, head=head)))
                elif i > want:
                    out.append((conn, state_message("state", m, conn.seat, i, t.steps[i - 1], shared)))
        for conn, _ in seated:
            conn.last_sent = head
        return out

    def storage_failed(self, tables: List[Tuple[Table, int]], sends: List[Tuple[Conn, str]], e: Exception) -> None:
        """A failed commit: nothing of it is sent; those tables are dropped from
        memory (the next join reads them back as committed) and the connections
        waiting on it are told to resume and closed."""
        print(f"table_server: commit failed: {e!r}", file=sys.stderr, flush=True)
        waiting = {id(c): c for c, _ in sends}
        for t, _ in tables:
            self.tables.pop(t.name, None)
            self.dirty.discard(t)
            waiting.update((id(c), c) for c in t.seats if c is not None)
        for c in waiting.values():
            self.leave(c)
            c.push(_error("storage_failed", f"the table could not be written ({e}); resume from your last step"))
            c.push(None)  # type: ignore[arg-type]

    # -- connections ----------------------------------------------------------
    async def handle(self, ws: ServerConnection) -> None:
        conn = Conn(ws)
        writer = asyncio.create_task(conn.write_loop())
        try:
            async for text in ws:
                try:
                    await self.on_message(conn, text)
                except Refused as r:
                    conn.push(_error(r.kind, str(r)))
                except Exception as e:  # a fault here: said and logged, never fatal
                    traceback.print_exc(file=sys.stderr)
                    conn.push(_error("internal", f"{type(e).__name__}: {e}"))
        except ConnectionClosed:
            pass
        finally:
            conn.closed = True
            self.leave(conn)
            conn.out.put_nowait(None)
            await asyncio.gather(writer, return_exceptions=True)


def _name(msg: Dict[str, Any]) -> str:
    name = msg.get("table")
    if not isinstance(name, str) or not 1 <= len(name) <= MAX_NAME or not name.isprintable():
        raise Refused("bad_field", f"table must be a name of 1-{MAX_NAME} printable characters, got {name!r}"[:200])
    return name


def _int(msg: Dict[str, Any], key: str, lo: int, hi: int, default: Any = ...) -> Any:
    v = msg.get(key, default)
    if v is ... :
        raise Refused("bad_field", f"{key} is missing (an integer {lo}-{hi})")
    if v is None and default is None:
        return None
    if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
        raise Refused("bad_field", f"{key} must be an integer {lo}-{hi}, got {v!r}"[:200])
    return v


async def main(argv: Optional[List[str]] = None) -> None:
    p = argparse.ArgumentParser(description="A riichi table server over WebSockets, every step kept in SQLite.")
    p.add_argument("--db", required=True, help="the SQLite file (made when missing)")
    p.add_argument("--host", default="127.0.0.1")
    p.add_argument("--port", type=int, default=8765, help="0: any free port (printed)")
    p.add_argument("--sync", choices=["full", "normal"], default="full", help="SQLite synchronous (default full)")
    a = p.parse_args(argv)
    store = Store(a.db, a.sync)
    server = Server(store)
    flusher = asyncio.create_task(server.flusher())
    stop = asyncio.get_running_loop().create_future()
    for sig in (signal.SIGTERM, signal.SIGINT):
        asyncio.get_running_loop().add_signal_handler(sig, lambda: stop.done() or stop.set_result(None))
    async with serve(server.handle, a.host, a.port, compression=None, max_size=MAX_MESSAGE) as ws_server:
        host, port = next(iter(ws_server.sockets)).getsockname()[:2]
        print(f"listening on ws://{host}:{port}", flush=True)
        await stop
    flusher.cancel()
    store.close()


if __name__ == "__main__":
    asyncio.run(main())
