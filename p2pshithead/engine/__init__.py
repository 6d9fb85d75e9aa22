"""p2pshithead.engine"""
