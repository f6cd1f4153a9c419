"""Phones and the tablet's network: live updates, share links and QR codes, the LAN address."""
