"""The night report as HTML and PDF: content, escaping, static-only fetching, wrapping,
page x of y."""

import re

import pytest
from babel.numbers import format_decimal
from hosts import login_host
from pdfs import pdf_pages, pdf_text
from samples import synthetic_session

import store
from web.core.pdf import STATIC_BASE, StaticOnlyFetcher, html_to_pdf
from web.money.report import count

LONG_NAME = "Wolfeschlegelsteinhausenbergerdorffwelchevoralternwarengewiss"[:58]


def small_night(db, names=("Ana", "Bruno", "Chus"), counts=(130, 100, 70)):
    night_id = store.create_night(db, rules={"preset": "jackpots", "ante": 5}, chip_cents=25,
                                  title="Viernes")
    for seat, (name, counted) in enumerate(zip(names, counts), start=1):
        player = store.add_player(db, name)
        store.seat_player(db, night_id, player, seat, entered_by="host")
        store.buy_in(db, night_id, player, 100, entered_by="host")
    hand = store.start_hand(db, night_id, button=3, entered_by="dealer")
    store.append_action(db, hand, "d note <img src=x onerror=alert(1)>", entered_by="dealer", key="n")
    store.end_hand(db, hand, entered_by="dealer")
    for seat, counted in enumerate(counts, start=1):
        player = next(p["player_id"] for p in store.night_players(db, night_id) if p["seat"] == seat)
        store.cash_out(db, night_id, player, counted, entered_by="host")
    store.close_night(db, night_id, entered_by="host")
    return night_id


def test_report_pages_need_the_host_login(client, db):
    night_id = small_night(db)
    response = client.get(f"/reports/nights/{night_id}")
    assert response.status_code == 302 and "/host/login" in response.headers["Location"]


def test_html_report_shows_summary_players_transfers_and_hands(client, db):
    night_id = small_night(db)
    login_host(client)
    html = client.get(f"/reports/nights/{night_id}").get_data(as_text=True)
    assert "Viernes" in html
    for text in ("Ana", "Bruno", "Chus", "+30", "7,50\xa0€", "\u22127,50\xa0€", "Mano 1"):
        assert text in html
    assert re.search(r"Chus</td><td class=\"name\">Ana</td><td class=\"num\">7,50\xa0€", html)


def test_untrusted_text_is_escaped_in_the_report(client, db):
    night_id = small_night(db, names=("<script>alert(1)</script>", "Bruno", "Chus"))
    login_host(client)
    html = client.get(f"/reports/nights/{night_id}").get_data(as_text=True)
    assert "<script>alert(1)</script>" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    assert "<img src=x" not in html and "&lt;img src=x onerror=alert(1)&gt;" in html


@pytest.mark.slow
def test_pdf_report_has_players_transfers_and_page_x_of_y(client, db):
    night_id = small_night(db)
    login_host(client)
    response = client.get(f"/reports/nights/{night_id}.pdf")
    assert response.status_code == 200 and response.mimetype == "application/pdf"
    text = " ".join(pdf_text(response.data).split())
    assert "Chus Ana 7,50 €" in text
    # the counts (130 and 70 where the referee says 100 each) are the night's findings
    # (issue 11), before the hands: two pages
    assert "Página 1 de 2" in text and "Página 2 de 2" in text


def test_missing_night_is_404(client):
    login_host(client)
    assert client.get("/reports/nights/999").status_code == 404
    assert client.get("/reports/nights/999.pdf").status_code == 404


@pytest.mark.slow
def test_page_x_of_y_counts_every_page_of_a_long_night(app, db):
    night_id = store.import_session(db, synthetic_session(hands=80, players=6), chip_cents=5)
    store.close_night(db, night_id, entered_by="host")
    from web.money.report import night_pdf

    with app.app_context():
        pdf = night_pdf(db, night_id)
    pages = pdf_pages(pdf)
    assert pages >= 2
    text = " ".join(pdf_text(pdf).split())
    for page in range(1, pages + 1):
        assert f"Página {page} de {pages}" in text


def test_long_names_wrap_inside_their_cell(app, db):
    """A 58-letter name with no space breaks over lines and stays inside the page."""
    from weasyprint import HTML
    from weasyprint.formatting_structure import boxes

    from web.money.report import render_report

    night_id = small_night(db, names=(LONG_NAME, "Bruno", "Chus"))
    with app.app_context():
        html = render_report(db, night_id, printing=True)
    document = HTML(string=html, base_url=STATIC_BASE,
                    url_fetcher=StaticOnlyFetcher(app.static_folder)).render()
    page = document.pages[0]
    content_right = page.width - page._page_box.margin_right
    pieces = [box for box in page._page_box.descendants()
              if isinstance(box, boxes.TextBox) and box.text.strip("‐- ") and
              box.text.strip("‐- ") in LONG_NAME and len(box.text.strip("‐- ")) >= 4]
    in_players_table = [b for b in pieces if b.position_y < pieces[0].position_y + 60]
    assert len(in_players_table) >= 2  # wrapped over two lines or more
    assert "".join(b.text.strip("‐- ") for b in in_players_table[:3]).startswith(LONG_NAME[:30])
    for box in page._page_box.descendants():
        if isinstance(box, boxes.TextBox):
            assert box.position_x + box.width <= content_right + 0.5, box.text


def test_the_fetcher_serves_only_the_apps_static_files(app):
    fetcher = StaticOnlyFetcher(app.static_folder)
    response = fetcher.fetch(STATIC_BASE + "money/print.css")
    assert b"@page" in response.read()
    for url in ("https://example.com/x.css", "file:///etc/passwd", STATIC_BASE + "../app.py",
                STATIC_BASE + "%2e%2e/app.py", "http://127.0.0.1:9/x.png"):
        with pytest.raises(ValueError, match="only the app's static files"):
            fetcher.fetch(url)


def test_weasyprint_never_loads_outside_resources(app):
    fetcher = StaticOnlyFetcher(app.static_folder)
    html = ('<link rel="stylesheet" href="http://127.0.0.1:9/evil.css">'
            '<img src="file:///etc/passwd"><p>ok</p>')
    pdf = html_to_pdf(html, app.static_folder, fetcher=fetcher)
    assert pdf.startswith(b"%PDF")
    assert set(fetcher.refused) == {"http://127.0.0.1:9/evil.css", "file:///etc/passwd"}


def test_nights_list_links_each_report_and_root_leads_there(client, db):
    night_id = small_night(db)
    login_host(client)
    html = client.get("/reports/nights").get_data(as_text=True)
    assert f'href="/reports/nights/{night_id}"' in html and f'href="/reports/nights/{night_id}.pdf"' in html
    assert "Viernes" in html
    root = client.get("/")
    assert root.status_code in (301, 302) and root.headers["Location"].endswith("/host/")


def test_an_unbalanced_bank_shows_the_difference_and_no_transfers(client, db):
    night_id = store.create_night(db, rules="jackpots", chip_cents=10)
    for seat, (name, counted) in enumerate((("Ana", 150), ("Bruno", 40)), start=1):
        player = store.add_player(db, name)
        store.seat_player(db, night_id, player, seat, entered_by="host")
        store.buy_in(db, night_id, player, 100, entered_by="host")
        store.cash_out(db, night_id, player, counted, entered_by="host")
    login_host(client)
    html = client.get(f"/reports/nights/{night_id}").get_data(as_text=True)
    assert "diferencia −10 (faltan 10); no cuadra." in html  # the bank sentence, web.money.bank
    assert "Los pagos se calculan cuando la banca cuadra." in html


@pytest.mark.slow
def test_printed_report_has_title_note_legend_first_and_thousands_separators(app, db, tmp_path):
    from web.money.report import render_report

    session = synthetic_session(hands=12, players=4, stack=20000)
    path = tmp_path / "sabado.json"
    import json

    path.write_text(json.dumps(session))
    night_id = store.import_file(db, path, chip_cents=100, currency="MXN")
    with app.app_context():
        html = render_report(db, night_id, printing=True)
    assert re.search(r"<h1>sabado · \d{4}-\d\d-\d\d</h1>", html)
    assert '<p class="note">synthetic night, 12 hands</p>' in html
    # the hands as a table of lines (a line each, the headings first), after the heading
    lines = html.split('<pre class="hand-lines">')[1].split("</pre>")[0].splitlines()
    assert html.index("<h2>Manos</h2>") < html.index('<pre class="hand-lines">')
    assert re.fullmatch(r"Mano  Botón +Quién se llevó el bote", lines[0])
    assert [re.match(r" *(\d+)  ", line).group(1) for line in lines[1:]] == [str(n) for n in range(1, 13)]
    assert "Banca: 80.000 compradas" in html  # the bank sentence in the page's language (web.money.bank)
    assert "céntimos" not in html and "MXN" in html


def test_a_top_level_json_array_is_not_read_as_toml(db):
    for name in ("night.json", ""):
        with pytest.raises(store.StoreError) as refused:  # a session file must be a JSON object
            store.load_session_text("[1, 2]", name)
        assert (refused.value.code, refused.value.params) == ("session_invalid", {"what": "not_object"})


@pytest.mark.slow
def test_a_carried_pot_is_its_own_line_of_the_bank_and_goes_back_at_the_close(app, db):
    from web.money.report import render_report

    session = next(s for s in (synthetic_session(hands=n, players=9) for n in range(2, 60))
                   if not any("award" in a for a in s["hands"][-1]["actions"]))
    night_id = store.import_session(db, session, chip_cents=5)
    carried = store.bank_check(db, night_id)["carried"]
    with app.test_request_context():
        before = render_report(db, night_id, printing=False)
        store.close_night(db, night_id, entered_by="host")
        after = render_report(db, night_id, printing=False)
    assert f"+ {format_decimal(carried, locale='es')} en el bote que pasa: diferencia 0; cuadra ✓." in before
    assert f"+ {format_decimal(carried, locale='es')} del bote que pasa, devuelto: diferencia 0; cuadra ✓." in after


def test_the_report_writes_numbers_and_money_as_its_language_does(client, db):
    """One language per page (issue 14): a Spanish report writes "7,50 €" and "1.800", an
    English one "€7.50" and "1,800", never the other's separators or a currency code."""
    night_id = small_night(db)
    login_host(client)
    spanish = client.get(f"/reports/nights/{night_id}?lang=es").get_data(as_text=True)
    english = client.get(f"/reports/nights/{night_id}?lang=en").get_data(as_text=True)
    assert "7,50\xa0€" in spanish and not re.search(r"\d EUR", spanish)
    assert "€7.50" in english and "7,50" not in english
    assert count(1800) == "1\u202f800" and count(999) == "999"   # the command line's plain figures


def test_the_actions_list_numbers_the_live_actions_as_a_findings_number_counts_them(client, db):
    night_id = store.create_night(db, rules={"preset": "jackpots", "ante": 5, "small_bet": 10, "big_bet": 20},
                                  chip_cents=25)
    for seat, name in ((1, "Ana"), (3, "Bruno"), (4, "Chus")):
        player = store.add_player(db, name)
        store.seat_player(db, night_id, player, seat, entered_by="host")
        store.buy_in(db, night_id, player, 500, entered_by="host")
    hand = store.start_hand(db, night_id, button=4, entered_by="dealer")
    for i, action in enumerate(["p1 ante 5", "p3 ante 5", "p4 ante 10"]):
        store.append_action(db, hand, action, entered_by="dealer", key=f"a{i}")
    store.undo_last(db, hand, reason="five, not ten", entered_by="dealer", key="u")   # voided
    for i, action in enumerate(["p4 ante 5", "d deal p3 TsTd9c5h2s", "p3 open 10"]):  # seat 1 was due
        store.append_action(db, hand, action, entered_by="dealer", key=f"b{i}")
    login_host(client)
    html = client.get(f"/reports/nights/{night_id}").get_data(as_text=True)
    # the out-of-turn open is the hand's 5th action (index 4 from 0: the voided slip is none)
    # the line said in words with names, as the actions list says it (web.core.i18n.say_line)
    assert re.search(r'<strong>fuera de turno</strong> \(#5: <q class="action-words">Bruno abre 10</q>\)', html)
    items = re.findall(r'<li( class="voided"| value="(\d+)")><span class="words">([^<]*)</span>',
                       html.split('<ol class="actions">')[1].split("</ol>")[0])
    assert [(number, action) for _, number, action in items] == [
        ("1", "Ana pone el pot de 5"), ("2", "Bruno pone el pot de 5"), ("", "Chus pone el pot de 10"),
        ("3", "Chus pone el pot de 5"), ("4", "Bruno recibe 10\u2660 10\u2666 9\u2663 5\u2665 2\u2660"), ("5", "Bruno abre 10")]
