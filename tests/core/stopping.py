"""Running the ``parlour`` command in a process of its own, and stopping it with a signal."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from typing import Any

#: seconds that only guard against a hang: a process that answers takes a second or two
PATIENCE = 120


def stopped(
    args: list[str], signum: int, ready: Callable[[list[str]], bool], group: bool = False
) -> tuple[int, str]:
    """Run ``parlour ARGS``, send it ``signum`` once ``ready(lines so far)``, and give its
    exit status and everything it printed.  Its stdin stays open: a prompt waits.  With
    ``group`` it runs in a process group of its own and the signal goes to the whole group
    (its workers too), as a closed terminal sends SIGHUP."""
    command = [sys.executable, "-c", "from parlour.cli import main; main()", *args]
    process = subprocess.Popen(  # SIGINT as a terminal's Ctrl-C, even if ours is ignored
        command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
        text=True, preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
        start_new_session=group,
    )  # fmt: skip
    lines: list[str] = []
    assert process.stdout is not None
    reader = threading.Thread(target=lambda: lines.extend(process.stdout or ()), daemon=True)
    reader.start()
    try:
        deadline = time.monotonic() + PATIENCE
        while not ready(list(lines)):
            assert process.poll() is None, "".join(lines)
            assert time.monotonic() < deadline, "".join(lines)
            time.sleep(0.05)
        if group:
            os.killpg(process.pid, signum)
        else:
            process.send_signal(signum)
        status = process.wait(timeout=PATIENCE)
    finally:
        process.kill()  # (a process already ended is left as it is)
        process.wait()
        if group:  # a worker left behind
            with contextlib.suppress(ProcessLookupError):
                os.killpg(process.pid, signal.SIGKILL)
    reader.join(timeout=PATIENCE)
    return status, "".join(lines)


class HalfWritten:
    """A file opened for writing that takes half of what is written, then meets ``stop`` (a
    Ctrl-C, a kill), as one stopped while a record is being written."""

    def __init__(self, file: Any, stop: BaseException) -> None:
        self.file, self.stop = file, stop

    def __enter__(self) -> HalfWritten:
        return self

    def __exit__(self, *exc: object) -> None:
        self.file.close()

    def write(self, text: str) -> int:
        self.file.write(text[: len(text) // 2])
        self.file.flush()
        raise self.stop

    def __getattr__(self, name: str) -> Any:
        return getattr(self.file, name)
