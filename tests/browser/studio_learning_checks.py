"""The learning views of Hippolyta Studio, driven in the page by studio_browser_test.py: a
variation by click at an earlier ply, saved and read back with both lines; the review of the
game just played, its first mistake explained and its better line tried; a page reloaded in
the middle of a review; a game that ends decided; a hint and teaching mode on a position whose
only winning move is known (its verdict gone once teaching mode is off)."""

import json
import os

import studio_browser_test as base

STATE = base.STATE
fail = base.fail

# tests/fake-engines/game-6x6.txt: a whole 6x6 game that ends decided, and after its 11th move
# a position where Black's only winning move is b4-a3/b2 (the solver's, found once by trying
# every legal move); the script's own 12th move f5-f4/e4 loses.
SCRIPT_FILE = "tests/fake-engines/game-6x6.txt"
ONLY_WIN = "b4-a3/b2"
LOSING = "f5-f4/e4"


def script_moves(source):
    with open(os.path.join(source, SCRIPT_FILE)) as f:
        return [line.strip() for line in f if line.strip() and not line.startswith("#")]


def paste_moves(page, moves):
    page.js(f"document.getElementById('moves-text').value = {json.dumps(' '.join(moves))};"
            "document.getElementById('moves-size').value = 6")
    page.click("#load-moves")
    page.wait(f"{STATE}.size === 6 && {STATE}.moves.length === {len(moves)}"
              f" && {STATE}.moves[{len(moves) - 1}] === {json.dumps(moves[-1])}", "the pasted moves")


def load_sgf(page, text, name):
    page.js(f"""(() => {{ const input = document.getElementById('sgf-file');
        const data = new DataTransfer();
        data.items.add(new File([{json.dumps(text)}], {json.dumps(name)}));
        input.files = data.files; input.dispatchEvent(new Event('change')); }})()""")


def save_sgf(page):
    page.js("window.studio.lastSgf = null")
    page.click("#save-sgf")
    return page.wait("window.studio.lastSgf", "the saved SGF")


def click_any_move(page):
    """Plays the first legal move of the side to move by three clicks; returns it."""
    state = page.js(STATE)
    before = page.js(f"{STATE}.node")
    for amazon in state["amazons"][state["to_move"]]:
        page.click(f'#board [data-square="{amazon}"]')
        reach = base.targets(page)
        if reach:
            break
        page.js("document.dispatchEvent(new KeyboardEvent('keydown', {key: 'Escape'}))")
    else:
        fail(f"no amazon of {state['to_move']} can move at ply {state['ply']}")
    page.click(f'#board [data-square="{reach[0]}"]')
    shot = base.targets(page)[0]
    page.click(f'#board [data-square="{shot}"]')
    move = f"{amazon}-{reach[0]}/{shot}"
    page.wait(f"{STATE}.node !== {before} || !document.getElementById('error-bar').hidden",
              f"the server to take {move}")
    if not page.js("document.getElementById('error-bar').hidden"):
        fail(f"{move} refused: {page.js('document.getElementById(`error-text`).textContent')}")
    return move


def branch_and_reload(page, work, source):
    """On the blunder fixture: a variation at ply 4 by clicks, played on, saved, read back."""
    with open(os.path.join(source, "tests/fixtures/studio/blunder-6x6.sgf")) as f:
        load_sgf(page, f.read(), "blunder-6x6.sgf")
    page.wait(f"{STATE}.moves.length === 14 && {STATE}.branches.length === 0", "the fixture")
    moves = page.js(f"{STATE}.moves")
    page.js("document.activeElement && document.activeElement.blur();"
            "document.querySelector('#movelist li[data-ply=\"4\"]').scrollIntoView({block: 'center'})")
    page.click('#movelist li[data-ply="4"]')
    page.wait(f"{STATE}.ply === 4", "ply 4")
    if page.js("document.getElementById('move-input').disabled"):
        fail("the Move box is disabled at an earlier ply: no way to branch by typing")
    first = click_any_move(page)
    if first == moves[4]:
        fail(f"the first legal move {first} is the game's own: no branch to test")
    page.wait(f"{STATE}.moves.length === 5 && {STATE}.branches.length === 1", "the variation at ply 5")
    second = click_any_move(page)  # and on
    page.wait(f"{STATE}.moves.length === 6", "the variation played on")
    page.wait("document.querySelectorAll('#movelist button.variation').length === 1",
              "the branch mark in the move list")
    page.screenshot(os.path.join(work, "branches.png"))
    sgf = save_sgf(page)
    if sgf.count("(") < 3:
        fail(f"the saved SGF has no variations: {sgf[:300]}")
    load_sgf(page, sgf, "branched.sgf")
    page.wait(f"{STATE}.moves.length === {len(moves)} && {STATE}.branches.length === 1"
              f" && {STATE}.branches[0].moves.length === 2", "the saved file read back with both lines")
    tried = page.js(f"{STATE}.branches[0].moves.map(m => m.move)")
    if sorted(tried) != sorted([moves[4], first]):
        fail(f"the branches read back are {tried}, not {[moves[4], first]}")
    page.js("document.querySelector('#movelist button.variation').scrollIntoView({block: 'center'})")
    page.click("#movelist button.variation")
    page.wait(f"{STATE}.moves.length === 6 && {STATE}.moves[5] === {json.dumps(second)}",
              "the variation shown from its branch mark")
    print(f"branched at ply 4 with {first} {second}; saved and read back with both lines")


def review_played_game(page, plies):
    """The game just played, reviewed: every move has its entry, the end its score."""
    page.js("document.getElementById('review-seconds').value = 0.2")
    page.click("#review-start")
    page.wait(f"!{STATE}.reviewing && {STATE}.review.length === {plies}", "the review of the game", 60)
    page.wait(f"{STATE}.score", "the game's score counted")
    status = page.js("document.getElementById('game-status').textContent")
    if "territory" not in status:
        fail(f"the game over line gives no score: {status}")
    marked = page.js(f"{STATE}.review.filter(r => r.mark).map(r => r.ply)")
    print(f"review of the game played: {plies} moves, marked {marked}; '{status}'")
    return bool(marked)


def explain_first_mistake(page, work, screenshot):
    """On the reviewed game shown: its first mistake explained, its better line tried."""
    page.click("#first-mistake")
    page.wait("!document.getElementById('mistake-box').hidden"
              " && document.querySelectorAll('#board .explain-better').length === 1"
              " && document.querySelectorAll('#board .explain-played').length === 1",
              "the mistake explained on the board")
    text = page.js("document.getElementById('mistake-text').textContent")
    if "squares" not in text:
        fail(f"the explanation gives no territory figure: {text}")
    page.screenshot(os.path.join(work, screenshot))
    ply = page.js(f"{STATE}.ply")
    page.js("document.getElementById('error-bar').hidden = true")  # only this click's error
    page.click("#better-line")
    page.wait(f"({STATE}.branches.some(b => b.ply === {ply + 1}) && {STATE}.ply === {ply + 1})"
              " || !document.getElementById('error-bar').hidden",
              "the better line played as a variation")
    if not page.js("document.getElementById('error-bar').hidden"):
        fail(f"the better line was refused: {page.js('document.getElementById(`error-text`).textContent')}")
    print(f"first mistake explained ('{text}'); the better line tried as a variation")


def reload_mid_review(page, source):
    """A reload during a review: the graph comes back whole from the server."""
    paste_moves(page, script_moves(source)[:20])
    page.js("document.getElementById('review-seconds').value = 0.3")
    page.click("#review-start")
    page.wait(f"{STATE}.winrates.filter(w => w !== null).length >= 6", "six plies reviewed", 30)
    known = page.js(f"{STATE}.winrates.filter(w => w !== null).length")
    page.call("Page.reload")
    page.wait(f"document.body && document.body.dataset.connected === 'true' && window.studio && {STATE}",
              "the reloaded page to connect")
    points = int(page.wait("+document.getElementById('winrate-graph').dataset.points", "the graph"))
    if points < known:
        fail(f"the graph had {known} points before the reload and {points} after")
    page.wait(f"!{STATE}.reviewing && {STATE}.review.length === 20", "the review to finish", 60)
    print(f"reload mid-review: {known} graph points before, {points} after")


def decided_review(page, source):
    """A game that ends decided: exact figures, never 50%, no mistake between decided plies."""
    moves = script_moves(source)
    paste_moves(page, moves)
    page.js("document.getElementById('review-seconds').value = 0.1")
    page.click("#review-start")
    page.wait(f"!{STATE}.reviewing && {STATE}.review.length === {len(moves)}", "the review", 90)
    review = page.js(f"{STATE}.review")
    decided = [r for r in review if r["decided"]]
    if not decided:
        fail("no position of the scripted game was found decided")
    for before, r in zip(review, review[1:]):
        if r["decided"] and r["winrate"] not in (0, 1):
            fail(f"ply {r['ply']} is decided ({r['decided']}) but reads {r['winrate']}")
        if before["decided"] and r["decided"] and before["decided"][0] == r["decided"][0] and r["mark"]:
            fail(f"ply {r['ply']} is marked a {r['mark']} between positions decided for one side")
    titles = page.js("[...document.querySelectorAll('#movelist li[data-ply]')].map(li => li.title)")
    for r, title in zip(review, titles):
        if r["decided"] and "50.0%" in title:
            fail(f"ply {r['ply']} is decided but its tooltip reads 50%: {title}")
    print(f"decided game: {len(decided)} of {len(review)} plies decided, figures exact, none marked")


def hint_and_teaching(page, source, work):
    """After the 11th move Black's only winning move is known: the hint names it, and teaching
    mode takes back the losing move and shows it."""
    paste_moves(page, script_moves(source)[:11])
    page.click("#hint-button")
    page.wait(f"window.studio.hint && window.studio.hint.move === {json.dumps(ONLY_WIN)}"
              f" && document.getElementById('board').dataset.explain === {json.dumps(ONLY_WIN)}",
              "the hint of the only winning move", 30)
    page.screenshot(os.path.join(work, "hint.png"))
    page.click("#teaching-toggle")
    page.wait(f"{STATE}.teaching", "teaching mode on")
    page.js("document.getElementById('move-input').focus()")
    page.call("Input.insertText", text=LOSING)
    page.click("#move-submit")
    page.wait("document.getElementById('teach-text').dataset.takenBack === 'true'"
              f" && {STATE}.moves.length === 11", "the losing move taken back", 30)
    page.wait(f"window.studio.hint && window.studio.hint.move === {json.dumps(ONLY_WIN)}",
              "the better move shown after the take-back")
    page.screenshot(os.path.join(work, "teaching.png"))
    page.click("#teaching-toggle")
    page.wait(f"!{STATE}.teaching", "teaching mode off")
    page.wait("document.getElementById('teach-text').textContent === ''",
              "teaching mode's verdict gone with teaching mode")
    print(f"hint: {ONLY_WIN}; teaching mode took back {LOSING} and showed {ONLY_WIN}; "
          "its verdict went with it")


def comfort_view(page, work):
    """The view's options: coordinates off (the c key) and the slate board, kept on reload."""
    page.js("document.activeElement && document.activeElement.blur()")
    page.call("Input.dispatchKeyEvent", type="keyDown", key="c", text="c", code="KeyC")
    page.call("Input.dispatchKeyEvent", type="keyUp", key="c", code="KeyC")
    page.wait("document.body.classList.contains('no-coords')", "the coordinates hidden by the c key")
    page.js("const t = document.getElementById('theme-select'); t.value = 'slate';"
            "t.dispatchEvent(new Event('change'))")
    page.call("Page.reload")
    page.wait(f"document.body && document.body.dataset.connected === 'true' && window.studio && {STATE}",
              "the reloaded page")
    if not page.js("document.body.dataset.theme === 'slate' && document.body.classList.contains('no-coords')"):
        fail("the view's options were not kept over a reload")
    hidden = page.js("[...document.querySelectorAll('#board .coord')].every(n => getComputedStyle(n).display === 'none')")
    if not hidden:
        fail("coordinates still drawn with the option off")
    page.screenshot(os.path.join(work, "view.png"))
    page.click("#coords-toggle")
    page.js("const t = document.getElementById('theme-select'); t.value = 'wood';"
            "t.dispatchEvent(new Event('change'))")
    print("view: coordinates off (c) and the slate board, kept over a reload")
