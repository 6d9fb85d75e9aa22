"""`CutLink`: a TCP forwarder on loopback whose links the test can cut, as a dropped Wi-Fi link would."""

from __future__ import annotations

import contextlib
import socket
import threading
import time


class CutLink:
    """Forwards 127.0.0.1:`port` to 127.0.0.1:`target_port`, one thread per direction of each link.
    `cut()` drops the links open now (both ends closed; later links pass); with `after`, the first link
    is cut by itself once `after` bytes came from the target (mid-stream). `half_cut()` drops them on the
    peer's side only: the target's socket stays open and nothing passes (a link broken where the target
    cannot see it). `one_way(direction)` makes the links open now hold back what goes "up" (peer to target)
    or "down" (target to peer), both sockets open, until `both_ways()`. While `refusing`, a new link is
    closed at once. `close()` ends it all."""

    def __init__(self, target_port: int, after: int | None = None) -> None:
        self._target, self._after = target_port, after
        self._listener = socket.create_server(("127.0.0.1", 0))
        self._listener.settimeout(0.2)
        self.port = self._listener.getsockname()[1]
        self.links = 0
        self.cut_at = 0  # bytes from the target the cut link had passed on
        self.refusing = False
        self._deaf: set[socket.socket] = set()  # sources whose bytes are held back (`one_way`)
        self._open: list[socket.socket] = []  # peer, target, peer, target...
        self._held: list[socket.socket] = []  # targets of half-cut links, open until `close()`
        self._lock = threading.Lock()
        self._closed = threading.Event()
        threading.Thread(target=self._accept, daemon=True).start()

    def __enter__(self) -> CutLink:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def cut(self) -> None:
        with self._lock:
            sockets, self._open = self._open, []
        self._drop(sockets)

    @staticmethod
    def _drop(sockets: list[socket.socket]) -> None:
        for sock in sockets:
            with contextlib.suppress(OSError):
                sock.shutdown(socket.SHUT_RDWR)
            sock.close()

    def half_cut(self) -> None:
        with self._lock:
            sockets, self._open = self._open, []
            self._held += sockets[1::2]  # before the peers close: the pumps leave held sockets alone
        self._drop(sockets[0::2])

    def one_way(self, direction: str) -> None:
        with self._lock:
            self._deaf.update(self._open[0::2] if direction == "up" else self._open[1::2])

    def both_ways(self) -> None:
        with self._lock:
            self._deaf.clear()

    def close(self) -> None:
        self._closed.set()
        self.cut()
        with self._lock:
            held, self._held = self._held, []
        self._drop(held)
        self._listener.close()

    def _accept(self) -> None:
        while not self._closed.is_set():
            try:
                peer, _ = self._listener.accept()
            except TimeoutError:
                continue
            except OSError:
                return
            if self.refusing:
                peer.close()
                continue
            target = socket.create_connection(("127.0.0.1", self._target))
            with self._lock:
                self._open += [peer, target]
                self.links += 1
                first = self.links == 1
            threading.Thread(target=self._pump, args=(peer, target, None), daemon=True).start()
            after = self._after if first else None
            threading.Thread(target=self._pump, args=(target, peer, after), daemon=True).start()

    def _pump(self, source: socket.socket, sink: socket.socket, after: int | None) -> None:
        passed = 0
        with contextlib.suppress(OSError):
            while data := source.recv(4096):
                if after is not None and passed + len(data) > after:
                    self.cut_at = passed
                    break
                while source in self._deaf and not self._closed.is_set():
                    time.sleep(0.02)
                sink.sendall(data)
                passed += len(data)
        with self._lock:
            ends = [sock for sock in (source, sink) if sock not in self._held]
        for sock in ends:
            with contextlib.suppress(OSError):
                sock.shutdown(socket.SHUT_RDWR)
