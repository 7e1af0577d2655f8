"""The studio's latency, as the page meets it: a whole HTTP request to a running studio (Uvicorn
on a loopback port, in this process's thread, as ``cardgen studio`` serves it), timed from the
request to the last byte. Each case runs ``--repeat`` times with a setup not seen before (the
census and the title change), so that nothing is served from the preview cache unless the case
says so; the median and the min-max are printed.

    .venv/bin/python bench/studio.py               # 7 repeats, about a minute on 2 cores
    .venv/bin/python bench/studio.py --repeat 3

Cases: ``card`` (GET /api/preview for a Game of Trains pack: the whole pack built into the
scratch folder, its first card returned), ``sheet after card`` (GET /api/sheet for the same
setup: the PDF's first page drawn, the build kept), ``sheet`` (a new setup: build and draw),
``card again`` (a setup seen before: from the cache), ``tile`` and ``token`` (the SuperTrain
wild tiles', the freeze tokens' first component), ``build`` (POST /api/build of an 84-card pack
with backs, polled every 20 ms until done) and ``simulate`` (3,000 games, new variant each time).
It needs ``pip install '.[studio,test]'``.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path

import httpx
import uvicorn

from cardgen.studio import bind
from cardgen.studio.app import make_app


def serve(out: Path) -> tuple[str, uvicorn.Server, threading.Thread]:
    sock = bind(0)
    address = f"127.0.0.1:{sock.getsockname()[1]}"
    server = uvicorn.Server(uvicorn.Config(make_app(out, address), log_level="warning", lifespan="on"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    while not server.started:
        time.sleep(0.01)
    return f"http://{address}", server, thread


def timed(fn: Callable[[str], object], arg: str) -> float:
    start = time.perf_counter()
    fn(arg)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        url, server, thread = serve(Path(tmp))
        client = httpx.Client(base_url=url, timeout=120)
        token = client.get("/").text.split('name="studio-token" content="')[1].split('"')[0]

        def get(path: str) -> None:
            r = client.get(path)
            assert r.status_code == 200, (path, r.status_code, r.text[:200])

        def build(body: str) -> None:
            r = client.post("/api/build", content=body, headers={"X-Studio-Token": token})
            assert r.status_code == 202, r.text
            job = r.json()
            while job["state"] in ("queued", "running"):
                time.sleep(0.02)
                job = client.get(job["job"]).json()
            assert job["state"] == "done", job

        get("/api/preview?product=pack&census=4")  # warm-up: imports, fonts, the worker process
        get("/api/simulate?product=pack&census=4")
        build("product=pack&census=4&folder=warm")
        cases: dict[str, list[float]] = {}
        for i in range(args.repeat):
            setup = f"product=pack&census={6 + i % 3}&title=Run+{i}"
            runs: list[tuple[str, Callable[[str], None], str]] = [
                ("card", get, f"/api/preview?{setup}"),
                ("sheet after card", get, f"/api/sheet?{setup}"),
                ("card again", get, f"/api/preview?{setup}"),
                ("sheet", get, f"/api/sheet?product=pack&census=7&title=Sheet+{i}"),
                ("tile", get, f"/api/preview?product=tiles&title=Run+{i}"),
                ("token", get, f"/api/preview?product=tokens&title=Run+{i}"),
                ("build (84 cards, backs)", build, f"product=pack&backs=on&title=Build+{i}&folder=b{i}"),
                ("simulate (3,000 games)", get, f"/api/simulate?product=pack&census={5 + i}"),
            ]
            for name, call, arg in runs:
                cases.setdefault(name, []).append(timed(call, arg))
        client.close()
        server.should_exit = True
        thread.join(10)
    print(f"{'case':<26} {'median':>8} {'min-max':>16}   ({args.repeat} runs, seconds)")
    for name, times in cases.items():
        print(f"{name:<26} {statistics.median(times):>8.3f} {min(times):>7.3f}-{max(times):<8.3f}")


if __name__ == "__main__":
    main()
