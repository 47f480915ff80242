"""Setting up a game: the setup form and its page."""
