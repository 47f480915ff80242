"""Installable and offline: the manifest, the service worker, the core's files and the shell."""
