"""p2pshithead.cli"""
