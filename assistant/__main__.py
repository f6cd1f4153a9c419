"""Start the table app: ``python -m assistant`` (see README). Serves on the table's network with
waitress (one process, many threads) and prints the address and a QR code for phones."""

from __future__ import annotations

import argparse
import io
import logging
import os

import qrcode
from waitress import serve

from .web import create_app
from .web.lan import public_url
from .web.share import ADDRESS_SETTING

# every device following a heist live holds one thread; SPARE_THREADS always answer everything else
THREADS, SPARE_THREADS = 32, 8


def main() -> None:
    parser = argparse.ArgumentParser(description="Burgle Bros guard assistant")
    parser.add_argument("--host", default=os.environ.get("HOST", "0.0.0.0"))
    parser.add_argument("--port", type=int, default=int(os.environ.get("PORT", "8000")))
    parser.add_argument("--url", default=os.environ.get("PUBLIC_URL"), help="address to show phones")
    args = parser.parse_args()
    # PUBLIC_URL stays what was asked for: without it the board finds the LAN address on each visit,
    # so a tablet that joins another network after the start still shows phones the right one
    app = create_app({"PUBLIC_URL": args.url, "LIVE_MAX_STREAMS": THREADS - SPARE_THREADS})
    url = public_url(args.port, app.extensions["store"].setting(ADDRESS_SETTING) or args.url)
    # the terminal QR is the host link: it makes the device that scans it the table's tablet
    tablet = f"{url}host/{app.config['HOST_KEY']}"
    qr = qrcode.QRCode(border=1)
    qr.add_data(tablet)
    out = io.StringIO()
    qr.print_ascii(out=out, invert=True)
    print(out.getvalue())
    print(f"Burgle Bros guard assistant is running at {url}")
    print(f"  the table's tablet: scan the code above or open {tablet}")
    print(f"  on this machine:    http://localhost:{args.port}/")
    print("  phones join from the QR code on each heist's board.")
    print("Stop it with Ctrl+C; every heist is saved as you play.", flush=True)
    # after each change every phone re-fetches its board at once: a burst that briefly queues behind
    # the threads held by live streams, by design; waitress would warn about each queued request
    logging.getLogger("waitress.queue").setLevel(logging.ERROR)
    serve(app, host=args.host, port=args.port, threads=THREADS, channel_timeout=120, ident="burgle")


if __name__ == "__main__":
    main()
