#!/usr/bin/env python3
"""Churn of the daemon's splits over a random walk of demand uploads, with and without --min-gain.

Starts `te serve` once per --min-gain value given, uploads a generated traffic matrix, then STEPS
uploads that each multiply every demand by 1 + U(-STEP, +STEP) (seeded), and after each solve
counts the commodities whose switch weights (rounded to 100, as pushed) changed. Numbers in
docs/daemon.md ("Keeping splits") come from it.

Usage (from the repository root, after `mvn -B -q -DskipTests package`):
  benchmarks/min-gain-walk.py [--topology Cogentco] [--traffic gravity:1,16] [--steps 10]
                              [--step 0.01] [--min-gain 0 0.005] [--port 18183]
"""
import argparse, json, os, random, shutil, subprocess, tempfile, time, urllib.request

ap = argparse.ArgumentParser()
ap.add_argument("--topology", default="Cogentco")
ap.add_argument("--traffic", default="gravity:1,16")
ap.add_argument("--steps", type=int, default=10)
ap.add_argument("--step", type=float, default=0.01)
ap.add_argument("--min-gain", nargs="+", default=["0", "0.005"])
ap.add_argument("--port", type=int, default=18183)
ap.add_argument("--jar", default="te-controller/target/te.jar")
ap.add_argument("--topology-dir", default="../shared/topology-zoo")
ap.add_argument("--heap", default="4g")
a = ap.parse_args()
base = f"http://127.0.0.1:{a.port}"
work = tempfile.mkdtemp()


def get(path):
    return json.load(urllib.request.urlopen(base + path))


def put(demands):
    req = urllib.request.Request(base + "/v1/demands", data=json.dumps(demands).encode(), method="PUT",
                                 headers={"Content-Type": "application/json"})
    return json.load(urllib.request.urlopen(req))["demandVersion"]


def settled(version):
    while True:
        s = get("/v1/status")
        if s.get("allocation") and s["allocation"]["demandVersion"] >= version \
                and s.get("lastSolve", {}).get("demandVersion", 0) >= version:
            return s
        time.sleep(0.1)


def weights():
    return {(c["src"], c["dst"]): tuple(round(p["weight"] * 100) for p in c["paths"])
            for c in get("/v1/allocation")["commodities"]}


try:
    tm = os.path.join(work, "demands.json")
    subprocess.run(["java", "-jar", a.jar, "traffic", "--topology-dir", a.topology_dir, "-t", a.topology, "-m", a.traffic,
                    "-o", tm], check=True, stdout=subprocess.DEVNULL)
    for gain in a.min_gain:
        state = os.path.join(work, "state-" + gain)
        log = open(os.path.join(work, "daemon-" + gain + ".log"), "w")
        daemon = subprocess.Popen(["java", "-Xmx" + a.heap, "-jar", a.jar, "serve", "--topology-dir", a.topology_dir,
                                   "-t", a.topology, "--listen", f"127.0.0.1:{a.port}", "--state-dir", state,
                                   "--interval", "3600s", "--min-gain", gain], stdout=log, stderr=log)
        try:
            while True:
                try:
                    urllib.request.urlopen(base + "/healthz")
                    break
                except OSError:
                    time.sleep(0.2)
            demands = json.load(open(tm))["demands"]
            rnd = random.Random(11)
            settled(put(demands))
            before = weights()
            total, losses = 0, []
            print(f"== --min-gain {gain}")
            for step in range(1, a.steps + 1):
                for e in demands:
                    e["demand"] *= 1 + rnd.uniform(-a.step, a.step)
                s = settled(put(demands))
                now = weights()
                changed = sum(1 for k in now if now[k] != before.get(k))
                total += changed
                before = now
                method = s["allocation"]["method"]
                note = s["lastSolve"].get("message", "")
                gain_pct = note.split("better")[0].rsplit(",", 1)[-1].strip() if "+kept" in method else "0 %"
                losses.append(float(gain_pct.split()[0]))
                print(f"step {step:2d}: {method:10s} objective {s['allocation']['objectiveValue']:.3f}, "
                      f"{changed:6d} commodities re-weighted, re-solve better by {gain_pct}")
            print(f"total re-weighted {total}; objective given up {sum(losses) / len(losses):.2f} % on average")
        finally:
            daemon.terminate()
            daemon.wait()
finally:
    shutil.rmtree(work, ignore_errors=True)
