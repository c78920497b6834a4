"""Networked tables: a server holding the state, clients holding one seat's view.

* :mod:`.wire`: the JSON form of events, views and actions (one generic serializer);
* :mod:`.protocol`: the messages and the check each incoming one passes;
* :mod:`.table`: one table (the state, its codes, who sits where);
* :mod:`.server`: the WebSocket server holding many tables (a lobby);
* :mod:`.client`: what a seat knows from its messages, and a bot playing through them.

The server and clients need the ``websockets`` package (``pip install 'euchre[net]'``).
Nothing here draws anything: the terminal client lives in the command line package.
"""

from __future__ import annotations

from .protocol import PROTOCOL_VERSION

__all__ = ["PROTOCOL_VERSION"]
