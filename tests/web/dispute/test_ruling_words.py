"""A ruling's record said in the page's words (issue 12, the second tester's report items
3, 5 and 9): why a reopened night was not closed again, from the refusal's code kept in
the ruling (never the store's English text on a Spanish page); the correction's voided and
added lines in words with names, each marked, on the report and its PDF; the lines a
ruling added marked on the replay's steps and in its corrections; the host's refusal to
void a hand that has actions, in the page's language.

The hand is the worked case ``six_cards_after_draw`` (seed 000: «Si por error le dieran
más o menos de la cuenta, hará que rectifique el que las dio. En el caso contrario, no
podrá tomar parte en la jugada por tener cartas de más o de menos, perdiendo todas las
puestas.»): logged without the serve of three cards, corrected by the ruling.
"""

from __future__ import annotations

import re

import pytest
from dispute_helpers import HttpNight, _commit, _dispute, _preview, load_case, six_cards_closed_as_logged, text_of
from paths import ROOT
from pdfs import pdf_text

import store

pytestmark = pytest.mark.usefixtures("shared")

ARTIFACTS = ROOT / "tests" / "artifacts"


def _two_disputes_one_ruled(app, client, db, *, lang: str = "es"):
    """The six-card night as logged (the serve of three cards missing), counted and closed;
    Ana and Bruno dispute hand 1; the host upholds Ana's with the correction (a void and
    new lines): the ruling reopens the night, and Bruno's open dispute keeps it open.
    :returns: (night, hand id, the ruled dispute's id)."""
    night, hand_id, case = six_cards_closed_as_logged(app, client, db, lang=lang)
    _dispute(client, night.player_link("Ana"), hand_id, "Chus tenía seis cartas.", lang=lang)
    _dispute(client, night.player_link("Bruno"), hand_id, "Yo también lo vi.", lang=lang)
    first = store.night_disputes(db, night.night)[0]
    preview = _preview(client, first["id"], decision="upheld", rule="Semilla 000: una mano de seis cartas es nula.",
                       actions=case["hands"][0]["actions"])
    _commit(client, preview)
    return night, hand_id, first["id"]


@pytest.mark.slow
def test_why_a_reopened_night_stays_open_is_said_in_the_pages_language(app, client, db):
    """The ruling keeps the refusal to close again as its code and params, and no English
    text (issue 23: the command line says the code too); the dispute page, the report and
    its PDF say it in the page's language: no English sentence of the store on a Spanish
    page."""
    night, hand_id, dispute_id = _two_disputes_one_ruled(app, client, db)
    ruling = store.get_dispute(db, dispute_id)["ruling"]
    assert ruling["reopened"] and not ruling["closed_again"]
    assert ruling["close_refusal"]["code"] == "dispute_open"
    assert ruling["close_refusal"]["params"] == {"count": 1, "hands": [1]}
    assert "close_refused" not in ruling                                  # no English text is kept
    spanish = ("1 reclamación abierta (mano 1): resuélvela primero, o da un motivo para cerrar la noche "
               "de todos modos.")
    page = text_of(client.get(f"/host/dispute/{dispute_id}?lang=es").get_data(as_text=True))
    assert f"La noche se reabrió y no se ha vuelto a cerrar: {spanish}" in page
    english = text_of(client.get(f"/host/dispute/{dispute_id}?lang=en").get_data(as_text=True))
    assert ("The night was reopened and is not closed again: 1 dispute is open (hand 1): rule on it first, "
            "or give a reason to close the night anyway.") in english
    report = text_of(client.get(f"/reports/nights/{night.night}?lang=es").get_data(as_text=True))
    pdf = re.sub(r"‐ ", "", re.sub(r"\s+", " ", pdf_text(client.get(f"/reports/nights/{night.night}.pdf?lang=es").data)))
    assert f"Noche reabierta, sin cerrar: {spanish}" in report
    assert "de todos modos.." not in report
    assert "Noche reabierta, sin cerrar" in pdf and "resuélvela primero" in pdf
    for text in (page, report, pdf):
        assert "still open" not in text and "rule on them first" not in text


@pytest.mark.slow
def test_the_report_says_the_rulings_correction_in_words_each_line_marked(app, client, db):
    """The report's and the PDF's dispute section: the correction's lines in words with the
    players' names (the referee's action sentences), each marked voided or added; never a
    raw log line such as "d serve p4 3"."""
    night, hand_id, dispute_id = _two_disputes_one_ruled(app, client, db)
    ruling = store.get_dispute(db, dispute_id)["ruling"]
    assert [a["action"] for a in ruling["added"]][:1] == ["d serve p4 3"]
    html = client.get(f"/reports/nights/{night.night}?lang=es").get_data(as_text=True)
    section = re.search(r'<section class="disputes".*?</section>', html, re.S).group(0)
    lines = re.findall(r'<li class="line-(voided|added)"[^>]*>(.*?)</li>', section, re.S)
    marks = [(kind, text_of(words)) for kind, words in lines]
    assert len([m for m in marks if m[0] == "voided"]) == len(ruling["voided"])
    assert len([m for m in marks if m[0] == "added"]) == len(ruling["added"])
    assert ("added", "añadida: Chus recibe 3 cartas en el descarte") in marks, marks
    assert all(text.startswith("anulada:") for kind, text in marks if kind == "voided")
    raw = re.compile(r"\b[pd]\d? (ante|open|call|fold|draw|serve|bet|show|award)\b|\bd serve p4\b")
    assert not raw.search(text_of(section)), text_of(section)
    pdf = re.sub(r"\s+", " ", pdf_text(client.get(f"/reports/nights/{night.night}.pdf?lang=es").data))
    disputes = pdf.split("Reclamaciones", 1)[1].split("Registro", 1)[0]
    assert "añadida: Chus recibe 3 cartas en el descarte" in disputes
    assert "anulada: Ana apuesta 20" in disputes and "d serve p4 3" not in disputes
    log = html.split('<ol class="actions">')[1].split("</ol>")[0]       # the hand's log: each line marked
    assert log.count(f'class="added-by" data-dispute="{dispute_id}"') == len(ruling["added"])
    assert log.count("(anulada)") == len(ruling["voided"])
    ARTIFACTS.mkdir(exist_ok=True)
    (ARTIFACTS / "report-ruling-words.html").write_text(html)


@pytest.mark.slow
def test_the_replay_marks_the_lines_a_ruling_added(app, client, db):
    """The host's and the player's replay mark each line the ruling added, on its step and
    in the corrections, in the page's language, from the ruling's detail (its ``added``
    event ids: ``store.dispute.rulings.ruling_voids``)."""
    night, hand_id, dispute_id = _two_disputes_one_ruled(app, client, db)
    added = store.get_dispute(db, dispute_id)["ruling"]["added"]
    assert store.dispute.rulings.ruling_voids(db, night.night)["added"] == {a["event_id"]: dispute_id for a in added}
    said = f"añadida por el fallo de la reclamación {dispute_id}"
    pages = {"host": client.get(f"/host/night/{night.night}/hand/1?lang=es").get_data(as_text=True),
             "player": client.get(f"{night.player_link('Ana')}/hand/{hand_id}?lang=es").get_data(as_text=True)}
    for who, page in pages.items():
        steps = re.split(r'(?=<li class="step )', page.split('<ol class="steps"', 1)[1].split("</ol>", 1)[0])[1:]
        marked = [int(re.search(r'data-step="(\d+)"', step).group(1)) for step in steps
                  if 'class="added-by"' in step]
        assert len(marked) == len(added), (who, marked)
        assert all(said in text_of(step) for step in steps if 'class="added-by"' in step), who
        trail = re.search(r'id="added-lines">(.*?)</ul>', page, re.S).group(1)
        items = re.findall(r'<li data-step="(\d+)">(.*?)</li>', trail, re.S)
        assert [int(n) for n, _ in items] == marked, who
        assert all(said in text_of(item) for _, item in items), who
        assert "Chus recibe 3 cartas en el descarte" in text_of(trail), who
    english = client.get(f"/host/night/{night.night}/hand/1?lang=en").get_data(as_text=True)
    assert f"added by the ruling on dispute {dispute_id}" in text_of(english)
    ARTIFACTS.mkdir(exist_ok=True)
    (ARTIFACTS / "replay-added-lines.html").write_text(pages["host"])


@pytest.mark.slow
def test_voiding_a_hand_with_actions_is_refused_in_the_pages_language(app, client, db):
    """The host's "void the hand" while the hand has actions: refused with a code
    (``hand_has_actions``), flashed in the page's language."""
    case, _ = load_case("six_cards_after_draw")
    night = HttpNight(app, client, db, case, lang="es")
    night.post(f"/host/night/{night.night}/hand", {"button": "4"})
    night.tap({"op": "action", "action": "p1 ante 5"})
    hand_id = store.current_hand(db, night.night)
    with pytest.raises(store.StoreError) as refused:
        store.void_hand_start(db, hand_id, reason="por error", entered_by="host")
    assert refused.value.code == "hand_has_actions" and refused.value.params == {"number": 1}
    for lang, said in (("es", "La mano 1 ya tiene acciones: anúlalas primero y después anula la mano."),
                       ("en", "Hand 1 already has actions: void them first, then void the hand.")):
        answer = client.post(f"/host/night/{night.night}/void-hand?lang={lang}",
                             data={"key": f"void-{lang}", "reason": "por error"}, follow_redirects=True)
        page = text_of(answer.get_data(as_text=True))
        assert said in page, page[:600]
        assert "already has actions: void them first" not in page or lang == "en"
    assert store.current_hand(db, night.night) == hand_id


def _flash(night: HttpNight, path: str, data: dict, lang: str) -> str:
    """A host form refused: the error flashed on the night page, as text; or, for the counts
    and the close (which answer 400 with the form as the host filled it), the refusal beside
    the form, without its "nothing was stored" tail."""
    answer = night.client.post(f"{path}?lang={lang}", data={"key": night.key(), **data})
    if answer.status_code == 400:
        page = answer.get_data(as_text=True)
        said = text_of(re.search(r'id="(?:close|counts)-refusal">(.*?)</p>', page, re.S).group(1))
        return re.sub(r"\s*(Nothing was stored|No se ha guardado nada)[^.]*\.$", "", said)
    assert answer.status_code == 302
    page = night.client.get(f"/host/night/{night.night}?lang={lang}", follow_redirects=True).get_data(as_text=True)
    assert 'class="flash error"' in page, text_of(page)[:1500]
    return text_of(re.search(r'class="flash error"[^>]*>(.*?)</p>', page, re.S).group(1))


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["es", "en"])
def test_the_host_pages_everyday_refusals_carry_a_code_and_are_said_in_the_pages_language(app, client, db, lang):
    """Refusals a host meets in ordinary use (dealing with one player seated, the first hand
    without a button, a second count, letting a player leave before the count, a void
    without a reason, closing while the bank is off) are said in the page's language from
    their code, never the store's English text on a Spanish page."""
    case, _ = load_case("six_cards_after_draw")
    one = {**case, "players": case["players"][:1]}
    night = HttpNight(app, client, db, one, lang=lang)
    base = f"/host/night/{night.night}"
    said = {"es": ["Sienta al menos a dos jugadores antes de repartir."],
            "en": ["Seat at least two players before dealing."]}[lang]
    assert _flash(night, f"{base}/hand", {"button": "1"}, lang) == said[0]
    night.post(f"{base}/seat", {"name": "Bruno", "seat": "3", "chips": "500"})
    ana, bruno = store.find_player(db, "Ana"), store.find_player(db, "Bruno")
    expected = {
        "es": ["Di quién reparte la primera mano (el botón).",
               "Cuenta primero las fichas de Bruno (fichas al final) y después deja que se vaya.",
               "Di por qué: hace falta un motivo.",
               "Las fichas de Ana ya se contaron (470) y no ha comprado nada desde entonces: para corregir esa "
               "cuenta, haz un recuento.",
               "Banca: 1.000 compradas, 970 contadas + 20 en el bote que pasa: diferencia −10 (faltan 10). "
               "Haz un recuento, carga o abona la diferencia a un jugador, o repártela entre todos."],
        "en": ["Say who deals the first hand (the button).",
               "Count Bruno's chips first (cash-out), then let them leave.",
               "Say why: a reason is needed.",
               "Ana's chips were already counted (470) and nothing was bought since: to correct that count, "
               "use a recount.",
               "Bank: 1,000 bought, 970 counted + 20 in the carried pot: difference −10 (10 short). "
               "Recount, charge or credit the difference to one player, or split it."]}[lang]
    assert _flash(night, f"{base}/hand", {"button": ""}, lang) == expected[0]
    night.play_hand(["p1 ante 5", "p3 ante 5", "p3 open 10", "p1 fold", "d award p3 20"], button=1)
    assert _flash(night, f"{base}/unseat", {"player_id": str(bruno), "reason": "se va"}, lang) == expected[1]
    night.post(f"{base}/cash-out", {"player_id": str(bruno), "chips": "500"})
    assert _flash(night, f"{base}/unseat", {"player_id": str(bruno), "reason": " "}, lang) == expected[2]
    night.post(f"{base}/cash-out", {"player_id": str(ana), "chips": "470"})
    assert _flash(night, f"{base}/cash-out", {"player_id": str(ana), "chips": "490"}, lang) == expected[3]
    assert _flash(night, f"{base}/close", {"confirm": "1", "resolution": ""}, lang) == expected[4]
    assert not store.get_night(db, night.night)["closed"]
