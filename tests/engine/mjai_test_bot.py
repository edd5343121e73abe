"""A small mjai bot for the table tests: tsumogiri on its own draws, `none` otherwise.

    python mjai_test_bot.py MODE SEAT [RECORD]

MODE: `plain`; `crash` (exits with code 3 after 30 answers); `slow` (from its fifth
draw, sleeps 3 s before answering); `garbage` (its first three turns answer with
text that is not JSON, a tile it does not hold, and a riichi it cannot declare).
RECORD: a file that gets every line the bot reads, as read.
"""

import json
import sys
import time

mode, seat = sys.argv[1], int(sys.argv[2])
record = open(sys.argv[3], "a", encoding="utf-8") if len(sys.argv) > 3 else None
answers = draws = 0
for line in sys.stdin:
    if record:
        record.write(line)
        record.flush()
    events = json.loads(line)
    last = events[-1]
    reply = {"type": "none"}
    if last["type"] == "tsumo" and last["actor"] == seat:
        draws += 1
        reply = {"type": "dahai", "actor": seat, "pai": last["pai"], "tsumogiri": True}
        if mode == "slow" and draws >= 5:
            time.sleep(3)
        if mode == "garbage" and draws <= 3:
            reply = ["this is not json", {"type": "dahai", "actor": seat, "pai": "9z", "tsumogiri": False},
                     {"type": "reach", "actor": seat}][draws - 1]
    answers += 1
    if mode == "crash" and answers > 30:
        print("boom: the test bot crashes on purpose", file=sys.stderr)
        sys.exit(3)
    sys.stdout.write((reply if isinstance(reply, str) else json.dumps(reply)) + "\n")
    sys.stdout.flush()
