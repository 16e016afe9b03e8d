"""The engine core: the rules of Glück Auf as plain data and functions.

Components, actions, the game state, what is legal and what an action does, refusals and
events as data, scoring, hidden information, new games, the position builder and the
invariants. It imports nothing else of the kit; its values are worded by :mod:`gluckauf.text`
(registered in :mod:`gluckauf.core.voice`).
"""
