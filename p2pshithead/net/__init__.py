"""p2pshithead.net"""
