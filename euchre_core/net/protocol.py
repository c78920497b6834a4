"""The messages of the table protocol, and the check every incoming message passes.

Every message is one JSON object with a ``type``. A message from a client is refused,
with an ``error`` reply naming what was wrong, when it is larger than
:data:`MAX_MESSAGE` bytes, is not JSON, is not an object, has an unknown ``type``, lacks
a field, has a field of the wrong type or a field the type does not have. docs/protocol.md
describes every message with an example session.
"""

from __future__ import annotations

import json
from typing import Any

__all__ = [
    "CLIENT_MESSAGES",
    "MAX_MESSAGE",
    "PROTOCOL_VERSION",
    "ProtocolError",
    "check_message",
    "error",
]

#: The protocol's version: a client saying an older one is refused.
PROTOCOL_VERSION = 2

#: The largest message a client may send, in bytes.
MAX_MESSAGE = 16 * 1024

#: The largest frame the socket accepts at all (a larger one closes the connection).
MAX_FRAME = 1024 * 1024

_STR, _INT, _LIST, _OBJ = "string", "integer", "array of strings", "object"
_BOOL = "true or false"

#: Each client message's fields: name -> (kind, required).
CLIENT_MESSAGES: dict[str, dict[str, tuple[str, bool]]] = {
    "hello": {"version": (_INT, True), "client": (_STR, False), "texts": (_BOOL, False)},
    "create": {
        "variant": (_STR, True),
        "rules": (_LIST, False),
        "options": (_LIST, False),
        "seed": (_INT, False),
        "bots": (_STR, False),
        "fill_after": (_INT, False),
        "listed": (_BOOL, False),
    },
    "join": {"code": (_STR, True), "since": (_INT, False)},
    "act": {"action": (_STR, True), "seat": (_INT, False)},
    "start": {},
    "leave": {},
}

#: The longest string field.
MAX_STRING = 256


class ProtocolError(Exception):
    """A message refused: ``code`` is a word for programs, ``str()`` a line for people."""

    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code = code


def error(code: str, message: str) -> dict[str, Any]:
    """The ``error`` message."""
    return {"type": "error", "code": code, "message": message}


def check_message(raw: str | bytes) -> dict[str, Any]:
    """The message a client sent, checked against its schema.

    :raises ProtocolError: naming what is wrong.
    """
    size = len(raw) if isinstance(raw, bytes) else len(raw.encode("utf-8", "replace"))
    if size > MAX_MESSAGE:
        raise ProtocolError("too-large", f"message of {size} bytes: at most {MAX_MESSAGE}")
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError):
        raise ProtocolError("bad-json", "the message is not JSON") from None
    if not isinstance(data, dict):
        raise ProtocolError("bad-message", "a message must be a JSON object")
    kind = data.get("type")
    if not isinstance(kind, str) or kind not in CLIENT_MESSAGES:
        known = ", ".join(CLIENT_MESSAGES)
        raise ProtocolError("bad-type", f"unknown message type {str(kind)[:40]!r} (known: {known})")
    schema = CLIENT_MESSAGES[kind]
    for name, value in data.items():
        if name == "type":
            continue
        if name not in schema:
            raise ProtocolError("bad-field", f"{kind}: unknown field {name[:40]!r}")
        want = schema[name][0]
        if not _fits(want, value):
            raise ProtocolError("bad-field", f"{kind}.{name}: expected {want}")
    for name, (_, required) in schema.items():
        if required and name not in data:
            raise ProtocolError("bad-field", f"{kind}: missing {name!r}")
    return data


def _fits(kind: str, value: Any) -> bool:
    if kind == _STR:
        return isinstance(value, str) and len(value) <= MAX_STRING
    if kind == _BOOL:
        return isinstance(value, bool)
    if kind == _INT:
        return isinstance(value, int) and not isinstance(value, bool) and abs(value) < 2**53
    if kind == _LIST:
        return (
            isinstance(value, list)
            and len(value) <= 64
            and all(isinstance(v, str) and len(v) <= MAX_STRING for v in value)
        )
    return isinstance(value, dict)
