"""Game files: JSON read and written safely, game records, positions, saving a game, and the
hub links that open a lesson. Built on :mod:`gluckauf.core` and :mod:`gluckauf.text`.
"""
