"""gunicorn's settings for the hosted service (assistant/hosted.py starts it with them: ``gunicorn -c
python:assistant.gunicorn_conf 'assistant.hosted:create()'``). gunicorn reads this in its master process, before any
worker patches the standard library: it imports nothing of the app.

What waitress's own protections (serving.py) become here: the per-address cap on connections, the deadline to read
a request, the connections kept for the table and the shedding of slow ones are the proxy's (deploy/nginx.conf:
limit_conn, client_header_timeout, client_body_timeout), since every connection gunicorn sees comes from it; the
body's size is the proxy's too (client_max_body_size) and the app's (web/hardening.py); a hang-up is heard at the
stream's next heartbeat (5 s) instead of at once, which costs a greenlet, not a thread, meanwhile.
"""

from __future__ import annotations

import os
from typing import Any

from assistant.hosted import CONNECTIONS

worker_class = "gevent"
worker_connections = CONNECTIONS
# a worker that does not tell the master it lives for this long is restarted: the gevent worker tells it from its
# own greenlet, which a long render holds up for milliseconds, never seconds
timeout = 30
# a stop (SIGTERM) lets requests end for this long; the live streams never end by themselves, and their pages
# reconnect to another worker in 2 s (web/phones/live.py RETRY_MS)
graceful_timeout = 5
keepalive = 15  # an idle connection between requests, as waitress's channel_timeout
limit_request_line = 8190
limit_request_fields = 100
limit_request_field_size = 16 * 1024
# the client's address and scheme come from web/proxied.py, which believes only TRUSTED_PROXIES: gunicorn's own
# reading of X-Forwarded-Proto (from 127.0.0.1 by default) would be a second, different rule
forwarded_allow_ips = ""
accesslog = None
errorlog = "-"
loglevel = os.environ.get("LOG_LEVEL", "info")
# gunicorn's control socket is one path per user ($HOME/.gunicorn/gunicorn.ctl): two services, or a test's, on one
# machine would take it from each other, and nothing here uses it
control_socket_disable = True
preload_app = False  # each worker imports the app after gevent patched it (psycopg, the locks)


def post_worker_init(worker: Any) -> None:
    worker.log.info("burgle: worker %s serves", worker.pid)  # the app is loaded: tests and benches wait for it


def worker_exit(server: Any, worker: Any) -> None:
    """Every PostgreSQL connection of the worker closes, as ``python -m assistant`` closes its store at a stop."""
    app = getattr(worker, "wsgi", None)
    if app is not None:
        app.extensions["store"].shutdown()
