"""End to end: each worked case in ../shared/cases imported as a night, closed, printed as a
PDF, and the PDF read back: the players, their nets and the transfers are in it."""

import json

import pytest
from paths import SHARED
from pdfs import pdf_text

import store
from web.core import i18n

CASES = sorted(p.name for p in SHARED.glob("cases/*.json")
               if not p.name.endswith(".expect.json"))


def test_the_shared_cases_are_there(shared):
    assert len(CASES) >= 9, f"expected the worked cases in {shared / 'cases'}"


def _pushed(expected: list[dict], hands: list[dict]) -> dict[str, int]:
    """Seat -> chips after the last hand as the dealer pushed them (the ``d award`` lines):
    the expected stacks less, hand by hand, the expected awards beyond the pushes, where
    the pushes add up to the awarded pot."""
    held = dict(expected[-1]["stacks"])
    for entry, hand in zip(expected, hands):
        pushed: dict[str, int] = {}
        for line in hand["actions"]:
            words = line.split()
            if words[:2] == ["d", "award"]:
                pushed[words[2][1:]] = pushed.get(words[2][1:], 0) + int(words[3])
        awards = entry.get("awards")
        if awards is not None and sum(awards.values()) == sum(pushed.values()):
            for seat in set(awards) | set(pushed):
                held[seat] = held.get(seat, 0) - awards.get(seat, 0) + pushed.get(seat, 0)
    return held


@pytest.mark.slow
@pytest.mark.parametrize("case", CASES)
def test_case_imports_closes_and_prints_players_nets_and_transfers(app, runner, shared, case, tmp_path):
    path = shared / "cases" / case
    result = runner.invoke(args=["import", str(path), "--chip-cents", "10"])
    assert result.exit_code == 0, result.output
    night_id = int(result.output.strip().splitlines()[-1])

    db = store.open_db(app.config["DATABASE"])
    try:
        session = json.loads(path.read_text())
        expect_path = path.with_name(path.name.replace(".json", ".expect.json"))
        bank = store.bank_check(db, night_id)
        summary = store.close_night(db, night_id, entered_by="test",
                                    resolution="split" if bank["difference"] else None)
        # nets are the chips as pushed minus chips bought: the final stacks (by the referee)
        # less what the rules award beyond the dealer's pushes (no cash_out in the files)
        expected = json.loads(expect_path.read_text())["hands"] if expect_path.exists() else None
        by_seat = {str(p["seat"]): p for p in summary["players"]}
        if expected and expected[-1].get("stacks") and not bank["difference"]:
            start = {str(p["seat"]): p["stack"] for p in session["players"]}
            held = _pushed(expected, session["hands"])
            for seat, stack in expected[-1]["stacks"].items():
                assert by_seat[seat]["net_chips"] == held.get(seat, stack) - start[seat], (case, seat)
        assert sum(p["net_cents"] for p in summary["players"]) == 0
    finally:
        db.conn.close()

    out = tmp_path / "night.pdf"
    result = runner.invoke(args=["report", str(night_id), "-o", str(out)])
    assert result.exit_code == 0, result.output
    text = pdf_text(out.read_bytes())
    flat = " ".join(text.split())
    def money(cents: int) -> str:   # as the command line's report (Spanish) writes it, spaces as the PDF's
        with runner.app.test_request_context("/?lang=es"):
            return " ".join(i18n.money(cents, "EUR").split())

    for player in summary["players"]:
        assert player["name"] in text
        assert money(player["net_cents"]) in flat, (player["name"], player["net_cents"])
    for transfer in summary["transfers"]:
        line = f"{transfer['payer']} {transfer['payee']} {money(transfer['cents'])}"
        assert line in flat, line
    assert "1 de " in flat or "1 of " in flat
