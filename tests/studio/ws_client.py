#!/usr/bin/python3
"""A small WebSocket client on the standard library, for the Studio server's tests and its
measurements: the handshake, masked text frames out, frames in (RFC 6455)."""
import base64
import json
import os
import socket
import struct
import time


class Closed(Exception):
    """The server closed the connection (code, when it sent one)."""

    def __init__(self, code=None):
        super().__init__(f"closed ({code})")
        self.code = code


class WsClient:
    def __init__(self, port, origin=None, path="/ws", timeout=30):
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=timeout)
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        key = base64.b64encode(os.urandom(16)).decode()
        origin = origin if origin is not None else f"http://127.0.0.1:{port}"
        lines = [f"GET {path} HTTP/1.1", f"Host: 127.0.0.1:{port}", "Upgrade: websocket",
                 "Connection: Upgrade", f"Sec-WebSocket-Key: {key}", "Sec-WebSocket-Version: 13"]
        if origin:
            lines.append(f"Origin: {origin}")
        self.sock.sendall(("\r\n".join(lines) + "\r\n\r\n").encode())
        head = b""
        while b"\r\n\r\n" not in head:
            chunk = self.sock.recv(4096)
            if not chunk:
                break
            head += chunk
        self.status = int(head.split(b" ", 2)[1]) if head else 0
        self.buffer = head.split(b"\r\n\r\n", 1)[1] if b"\r\n\r\n" in head else b""

    def send_bytes(self, payload, opcode=1):
        header = bytes([0x80 | opcode])
        n = len(payload)
        if n < 126:
            header += bytes([0x80 | n])
        elif n < 65536:
            header += bytes([0x80 | 126]) + struct.pack(">H", n)
        else:
            header += bytes([0x80 | 127]) + struct.pack(">Q", n)
        mask = os.urandom(4)
        masked = bytes(b ^ mask[i % 4] for i, b in enumerate(payload)) if n < 65536 else \
            (int.from_bytes(payload, "big") ^ int.from_bytes((mask * (n // 4 + 1))[:n], "big")
             ).to_bytes(n, "big")
        self.sock.sendall(header + mask + masked)

    def send(self, message):
        self.send_bytes((message if isinstance(message, str) else json.dumps(message)).encode())

    def _read(self, n):
        while len(self.buffer) < n:
            chunk = self.sock.recv(65536)
            if not chunk:
                raise Closed()
            self.buffer += chunk
        data, self.buffer = self.buffer[:n], self.buffer[n:]
        return data

    def recv(self):
        """The next text message as a dict; raises Closed on a close frame."""
        while True:
            b0, b1 = self._read(2)
            n = b1 & 0x7F
            if n == 126:
                n = struct.unpack(">H", self._read(2))[0]
            elif n == 127:
                n = struct.unpack(">Q", self._read(8))[0]
            payload = self._read(n)
            opcode = b0 & 0x0F
            if opcode == 8:
                raise Closed(struct.unpack(">H", payload[:2])[0] if len(payload) >= 2 else None)
            if opcode == 1:
                return json.loads(payload)

    def wait_for(self, predicate, seconds=30):
        """Messages until one satisfies predicate (returned); the others are dropped."""
        deadline = time.time() + seconds
        while time.time() < deadline:
            self.sock.settimeout(max(0.01, deadline - time.time()))
            message = self.recv()
            if predicate(message):
                return message
        raise TimeoutError("no such message")

    def close(self):
        try:
            self.sock.close()
        except OSError:
            pass


def http_get(port, target, extra=""):
    """The raw status code and body of a GET."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as s:
        s.sendall(f"GET {target} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n{extra}"
                  "Connection: close\r\n\r\n".encode())
        data = b""
        while True:
            chunk = s.recv(65536)
            if not chunk:
                break
            data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    return (int(head.split(b" ", 2)[1]) if head else 0), head.decode(errors="replace"), body
