"""``setTimeout`` and background tasks from Python, with cancellation by owner.

Bots think in slices and play after a short visible delay; both are timer callbacks. Work nobody
waits for yet (the Chess Cards solver thinking ahead) runs as background tasks instead, which the
browser runs only when nothing the person sees is waiting (``scheduler.postTask`` with
background priority; a plain timeout where that is missing). A screen that is left (route
change) must not be woken up later, so every timer belongs to a ``Timers`` group that the screen
clears when it is disposed.
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from typing import Any

#: Longest stretch of generator work between two chances for the page to repaint and take input.
SLICE_MS = 25
#: A background slice is shorter: it must never delay a frame or a click noticeably.
BACKGROUND_SLICE_MS = 10


def now_ms() -> float:
    """Milliseconds from a monotonic clock (the page's ``performance.now``)."""
    from pyscript import window

    return float(window.performance.now())


class Timers:
    """The pending timeouts of one screen."""

    def __init__(self, on_error: Callable[[BaseException], None] | None = None) -> None:
        self._pending: dict[int, Any] = {}  # timeout id -> the callback's proxy
        self.closed = False
        # A callback's exception has no caller to reach: hand it to the screen to show.
        self.on_error = on_error

    def now_ms(self) -> float:
        """The clock the delays count on (``now_ms``)."""
        return now_ms()

    def later(self, delay_ms: float, callback: Callable[[], None]) -> int:
        """Run ``callback`` after ``delay_ms`` unless the group is cleared first."""
        from pyodide.ffi import create_proxy
        from pyscript import window

        if self.closed:
            return -1
        handle: dict[str, Any] = {}

        def fire() -> None:
            proxy = self._pending.pop(handle["id"], None)
            if proxy is not None:
                proxy.destroy()  # one-shot: free the proxy once it has run
            self._run(callback)

        proxy = create_proxy(fire)
        handle["id"] = int(window.setTimeout(proxy, max(0, int(delay_ms))))
        self._pending[handle["id"]] = proxy
        return handle["id"]

    def in_background(self, callback: Callable[[], None]) -> None:
        """Run ``callback`` as a background task: after everything the page has to do for the
        person (input, rendering, other timers), unless the group is cleared first."""
        from pyodide.ffi import create_proxy
        from pyscript import window

        if self.closed:
            return
        scheduler = getattr(window, "scheduler", None)
        if scheduler is None or not hasattr(scheduler, "postTask"):
            self.later(0, callback)
            return

        def fire() -> None:
            # A cleared group's task still comes, soon; it only frees its proxy then.
            proxy.destroy()
            self._run(callback)

        proxy = create_proxy(fire)
        options = window.Object.new()
        options.priority = "background"
        scheduler.postTask(proxy, options)

    def _run(self, callback: Callable[[], None]) -> None:
        if self.closed:
            return
        try:
            callback()
        except Exception as error:
            if self.on_error is None:
                raise
            self.on_error(error)

    def drive(
        self,
        work: Generator[Any, Any, Any],
        done: Callable[[Any], None],
        failed: Callable[[BaseException], None] | None = None,
        slice_ms: float | None = None,
        *,
        background: bool = False,
    ) -> Job:
        """Run a generator that yields between slices of work (a bot, the solver) to its end.

        Each tick runs it for about ``slice_ms`` (``SLICE_MS``, or ``BACKGROUND_SLICE_MS`` in the
        background) and then gives the page back, so clicks and repaints are never held up for
        long; ``done`` gets the generator's return value. With ``background`` the ticks are
        background tasks (``in_background``): work that must not slow down anything the person
        does.
        """
        job = Job()
        if slice_ms is None:
            slice_ms = BACKGROUND_SLICE_MS if background else SLICE_MS

        def tick() -> None:
            if job.cancelled:
                return
            stop = self.now_ms() + slice_ms
            try:
                while True:
                    next(work)
                    if self.now_ms() >= stop or job.cancelled:
                        break
            except StopIteration as finished:
                job.finished = True
                done(finished.value)
                return
            except Exception as error:
                job.finished = True
                if failed is None:
                    raise
                failed(error)
                return
            again()

        def again() -> None:
            if background:
                self.in_background(tick)
            else:
                self.later(0, tick)

        again()
        return job

    def clear(self) -> None:
        """Cancel everything still pending and refuse new timers (the screen is gone)."""
        from pyscript import window

        self.closed = True
        for timer_id, proxy in list(self._pending.items()):
            window.clearTimeout(timer_id)
            proxy.destroy()
        self._pending.clear()


class Job:
    """A generator being driven by ``Timers.drive``; ``cancel`` stops it at the next slice."""

    def __init__(self) -> None:
        self.cancelled = False
        self.finished = False

    def cancel(self) -> None:
        self.cancelled = True

    @property
    def running(self) -> bool:
        return not (self.cancelled or self.finished)
