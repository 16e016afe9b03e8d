"""Looking at games: statistics per player, bot tournaments, and the review of a saved game.
Built on the bots, the files, the text layer and the core.
"""
