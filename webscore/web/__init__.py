"""The Flask side of Marquoir: blueprints, forms, languages, security, assets, offline files."""
