"""The play page in a real headless browser (Debian's chromium and its driver via
Selenium; skipped when they are absent): a whole deal won by clicking the hinted
pairs, an illegal pick refused with its reason, undo / redo, shuffle, free tiles,
and screenshots at the start, midway and at the win that show the board."""

import shutil
import struct
import zlib

import pytest
from mahjong_fast.solitaire_play import PlayServer, serve

webdriver = pytest.importorskip("selenium.webdriver")


def _browser():
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service

    binary = shutil.which("chromium") or shutil.which("chromium-browser")
    driver = shutil.which("chromedriver")
    if not binary or not driver:
        pytest.skip("no chromium / chromedriver")
    opts = Options()
    opts.binary_location = binary
    for a in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1400,1000"):
        opts.add_argument(a)
    return webdriver.Chrome(service=Service(driver), options=opts)


def _png_stats(path):
    """(width, height, distinct colours, share of pixels not the background green)."""
    data = open(path, "rb").read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, chunks = 8, []
    width = height = 0
    while pos < len(data):
        n = struct.unpack(">I", data[pos : pos + 4])[0]
        kind = data[pos + 4 : pos + 8]
        body = data[pos + 8 : pos + 8 + n]
        if kind == b"IHDR":
            width, height, depth, ctype = struct.unpack(">IIBB", body[:10])
            assert depth == 8 and ctype in (2, 6)
            bpp = 3 if ctype == 2 else 4
        elif kind == b"IDAT":
            chunks.append(body)
        pos += 12 + n
    raw = zlib.decompress(b"".join(chunks))
    stride = width * bpp
    prev = bytearray(stride)
    colours = set()
    tile_like = 0
    total = 0
    i = 0
    for _y in range(height):
        f = raw[i]
        line = bytearray(raw[i + 1 : i + 1 + stride])
        i += 1 + stride
        for x in range(stride):
            a = line[x - bpp] if x >= bpp else 0
            b = prev[x]
            c = prev[x - bpp] if x >= bpp else 0
            if f == 1:
                line[x] = (line[x] + a) & 255
            elif f == 2:
                line[x] = (line[x] + b) & 255
            elif f == 3:
                line[x] = (line[x] + ((a + b) >> 1)) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        prev = line
        for x in range(0, stride, bpp * 4):
            r, g, b_ = line[x], line[x + 1], line[x + 2]
            colours.add((r >> 3, g >> 3, b_ >> 3))
            total += 1
            # Tile faces are a light cream (the table is green, the page beige).
            if r > 235 and g > 230 and 200 < b_ < 245:
                tile_like += 1
    return width, height, len(colours), tile_like / max(1, total)


@pytest.fixture
def page(tmp_path):
    srv = serve("turtle", seed=5, open_browser=False, method="reverse")
    drv = _browser()
    try:
        drv.get(f"http://127.0.0.1:{srv.server_address[1]}/")
        yield drv, srv, tmp_path
    finally:
        drv.quit()
        srv.shutdown()


def _state(drv):
    return drv.execute_script("return S;")


def _wait(drv, pred, timeout=30):
    from selenium.webdriver.support.ui import WebDriverWait

    WebDriverWait(drv, timeout).until(lambda d: pred(_state(d)) if _state(d) else False)
    return _state(drv)


def _click_slot(drv, slot):
    before = _state(drv)
    el = drv.find_element("css selector", f'#board g.tile[data-slot="{slot}"]')
    # The click goes to the element itself (tiles overlap as drawn).
    drv.execute_script("arguments[0].dispatchEvent(new MouseEvent('click', {bubbles: true}))", el)
    return _wait(drv, lambda s: s is not before and s != before)


def _button(drv, ident):
    before = _state(drv)
    drv.find_element("id", ident).click()
    return _wait(drv, lambda s: s is not before and s != before)


def test_play_page_wins_a_deal_in_the_browser(page):
    drv, srv, tmp = page
    s = _wait(drv, lambda s: s["remaining"] == 144)
    assert drv.find_elements("css selector", "#board g.tile") and s["winnable"] == "yes"
    shots = {}
    shots["start"] = tmp / "start.png"
    drv.save_screenshot(str(shots["start"]))

    # An illegal pick: a tile that is not free is refused with its reason.
    game = srv.game.game
    blocked = next(i for i in game.board.present if not game.board.is_free(i))
    s = _click_slot(drv, blocked)
    assert s["message"] == "not_free" and s["selected"] is None
    assert s["reason"] == game.board.blocked_reason(blocked) and ("blocked" in s["reason"] or "covered" in s["reason"])
    assert s["reason"] in drv.find_element("id", "reason").text

    # Free tiles on demand dims the blocked ones.
    s = _button(drv, "free")
    assert s["show_free"] and drv.find_elements("css selector", "#board g.tile.free")
    s = _button(drv, "free")

    moves = 0
    while not s["won"]:
        s = _button(drv, "hint")
        a, b = s["hint"]
        assert s["reason"] == ""
        s = _click_slot(drv, a)
        assert s["selected"] == a
        s = _click_slot(drv, b)
        assert s["message"] == "removed"
        moves += 1
        if moves == 2:
            # Undo and redo through the page.
            s = _button(drv, "undo")
            assert s["remaining"] == 144 - 2 and s["moves"] == 1
            s = _button(drv, "redo")
            assert s["remaining"] == 144 - 4 and s["moves"] == 2
        if moves == 3:
            # A shuffle keeps the position winnable.
            left = s["remaining"]
            s = _button(drv, "shuffle")
            assert s["message"] == "shuffled" and s["remaining"] == left and s["winnable"] == "yes"
            assert s["scores"]["penalty"] is not None
        if moves == 36:
            shots["mid"] = tmp / "mid.png"
            drv.save_screenshot(str(shots["mid"]))
    assert s["remaining"] == 0 and s["winnable"] == "won" and moves <= 72
    over = drv.find_element("id", "over")
    assert over.is_displayed() and "Won" in drv.find_element("id", "overtext").text
    shots["win"] = tmp / "win.png"
    drv.save_screenshot(str(shots["win"]))
    stats = {k: _png_stats(p) for k, p in shots.items()}
    for k, (w, h, colours, _tiles) in stats.items():
        assert w >= 800 and h >= 600 and colours > 20, (k, stats[k])
    # Tiles fill a good part of the start, fewer midway, none (but the won card) at the end.
    assert stats["start"][3] > 0.05 and stats["start"][3] > stats["mid"][3] > stats["win"][3], stats


def test_server_decides_every_rule():
    s = PlayServer([(0, 0, 0), (2, 0, 0), (4, 0, 0), (6, 0, 0)], seed=2)
    st = s.click(99)
    assert st["message"] == "refused" and "not a slot" in st["reason"]
    st = s.click("0")  # the page sends integers only
    assert st["message"] == "refused"
    free = s.game.free_tiles()
    st = s.click(1)
    assert st["message"] == "not_free" and "blocked on the left" in st["reason"]
    assert st["selected"] is None and free == [0, 3]
    st = s.undo()
    assert st["message"] == "refused" and "nothing to undo" in st["reason"]
    st = s.new(method="sideways")
    assert st["message"] == "refused"
