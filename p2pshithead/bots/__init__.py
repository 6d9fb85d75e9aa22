"""p2pshithead.bots"""
