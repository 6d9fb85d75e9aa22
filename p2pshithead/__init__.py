"""p2pshithead: Shithead peer to peer on one LAN."""

from p2pshithead import compiled

compiled.install()  # before any compiled module is imported (p2pshithead/compiled.py)
