"""The pages of their own: home, rules, the quick score pad and the table helper."""
