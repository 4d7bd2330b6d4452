"""Run one command; print its wall seconds, peak RSS (KiB) and exit code on one line.

    python -I -S bench/spawn.py TIMEOUT_S COMMAND [ARG...]

A process's ru_maxrss includes the resident memory of whatever forked it, counted at
exec. Measuring from here, a bare interpreter with builtin modules only, keeps that
floor at a few MB instead of the benchmark driver's size. The command's stdin and stdout
are /dev/null; its stderr is this process's stderr. It is killed after TIMEOUT_S.
"""

import os
import signal
import sys
import time


def main():
    """Fork, exec, wait4, report."""
    timeout, argv = float(sys.argv[1]), sys.argv[2:]
    start = time.perf_counter()
    pid = os.fork()
    if pid == 0:
        null = os.open(os.devnull, os.O_RDWR)
        os.dup2(null, 0)
        os.dup2(null, 1)
        try:
            os.execv(argv[0], argv)
        except OSError as exc:
            os.write(2, f"spawn.py: {argv[0]}: {exc.strerror}\n".encode())
        os._exit(127)
    signal.signal(signal.SIGALRM, lambda *_: os.kill(pid, signal.SIGKILL))
    signal.setitimer(signal.ITIMER_REAL, timeout)
    _, status, usage = os.wait4(pid, 0)
    seconds = time.perf_counter() - start
    signal.setitimer(signal.ITIMER_REAL, 0)
    print(seconds, usage.ru_maxrss, os.waitstatus_to_exitcode(status))


main()
