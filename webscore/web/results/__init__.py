"""A game's result: its page, its picture, its link preview and the pieces they are drawn from."""
