"""p2pshithead.crypto"""
