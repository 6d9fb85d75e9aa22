"""p2pshithead: Shithead peer to peer on one LAN."""
