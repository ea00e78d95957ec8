"""The proof site: every card, board and rule of a game as web pages (`site.build`)."""
