"""The game's terms in English, German and Hungarian, as the rulebooks use them.

The three names come from the rulebooks' own terms, row for row; the English explanation is
one line for a newcomer. A plain table, so that the rules reference
(:mod:`gluckauf.text.reference`), the widgets and a translation can all read it.
"""

from __future__ import annotations

from typing import NamedTuple


class Term(NamedTuple):
    english: str
    german: str
    hungarian: str
    explanation: str


GLOSSARY: tuple[Term, ...] = (
    Term("worker", "Arbeiter", "munkás",
         "Your playing pieces: you place them on the board's spaces to take actions (R-TURN-2)."),
    Term("work area / worker space", "Bereich / Einsetzfeld", "munkaterület / mező",
         "The main board has five work areas; each has spaces where workers are placed."),
    Term("canteen", "Kantine", "kantin",
         "Where workers pushed off a space wait until the shift ends (R-TURN-2)."),
    Term("bank building (1 Mark fallback)", "Bank", "bank épülete",
         "Always open: 1 worker there takes 1 Mark; workers there are never pushed off "
         "(R-TURN-4)."),
    Term("tunnel expansion (the minecart factory)", "Lorenfabrik", "tárnabővítés",
         "The work area where you buy tunnel tiles for your mine (R-TUNNEL-1)."),
    Term("mining", "Fördern", "bányászat",
         "The work area that gives work steps to move your cage and your coal (R-MINE-1)."),
    Term("delivery", "Ausliefern", "szállítmányozás",
         "The work area where complete orders of one transport score their VP (R-DELIVER-1)."),
    Term("money", "Geld / Bank", "pénzszerzés",
         "The work area that pays 3, 4, 5 or 6 Marks (R-MONEY-1)."),
    Term("new orders", "Neue Aufträge", "rendelésfelvétel",
         "The work area where you take new order cards (R-ORDER-1)."),
    Term("tunnel tile", "Tunnelplättchen / Stollen", "tárna lapka",
         "A tile with 1 or 2 carts of one colour that you buy and add to your mine (R-TUNNEL-3)."),
    Term("mine cart", "Lore", "csille",
         "Holds one cube of coal; once emptied it is never refilled (R-TUNNEL-6)."),
    Term("pit cage (elevator)", "Förderkorb", "felvonó",
         "Carries up to 5 cubes up and down your shaft (R-MINE-2)."),
    Term("shaft", "Schacht", "akna",
         "The middle of your mine, from the surface (0) down to level 4: the cage moves in it."),
    Term("private storage", "Lager", "raktár",
         "Your store of cubes at the surface, as large as you like (R-MINE-2)."),
    Term("order card", "Auftragskarte", "megrendelés kártya",
         "Shows its VP, its transport and the coal it needs (R-DELIVER-1)."),
    Term("order slot (coal icon on an order)", "Auftragsfeld", "megrendelés rubrika",
         "Takes one cube of its colour, or two cubes of any colours (R-MINE-3)."),
    Term("shift", "Schicht", "műszak",
         "One of the game's 3 rounds; it ends when every worker is placed (R-TURN-1)."),
    Term("shift clock", "Schichtuhr", "műszakóra",
         "The 12 scoring segments: more of them score after each shift (R-SHIFT-1)."),
    Term("light side (lanterns) / dark side", "helle / dunkle Seite", "világos / sötét oldal",
         "The two halves of your mine: lantern tiles go on the light (left) side (R-TUNNEL-3)."),
    Term("Mark (money)", "Mark", "márka",
         "The game's money: tiles cost Marks, and every full 5 Marks is 1 VP at the end "
         "(R-END-1)."),
    Term("victory point (VP)", "Siegpunkt", "győzelmi pont",
         "The game's points: the most VP wins (R-END-5)."),
    Term("wheelbarrow, horse carriage, truck, train", "Schubkarre, Pferdekutsche, LKW, Lok",
         "taliga, lovas kocsi, teherautó, vonat",
         "The four transports: each order shows one, and each has a delivery space "
         "(R-DELIVER-1)."),
)  # fmt: skip


def term(english: str) -> Term:
    """The row whose English name is or starts with ``english`` ("pit cage", "shift clock")."""
    for row in GLOSSARY:
        if row.english == english:
            return row
    for row in GLOSSARY:
        if row.english.startswith(english):
            return row
    raise KeyError(f"no glossary term {english!r}")


__all__ = ["GLOSSARY", "Term", "term"]
