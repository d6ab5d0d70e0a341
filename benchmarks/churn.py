#!/usr/bin/env python3
"""Commodities re-weighted on the switches by a re-solve, and the size of GET /v1/allocation?since=V,
as docs/daemon.md ("Served splits put back at no cost", "Changes since a version") reports them: starts `te serve`, uploads the traffic, then takes the busiest link down,
doubles one demand and brings the link back, and after each re-solve counts the commodities whose
weights (rounded to 100, as pushed) differ from the allocation before. Also prints the
allocation's message (how many served splits were put back).

Usage (from the repository root, after `mvn -B -q -DskipTests package`):
  benchmarks/churn.py [te serve flags, e.g. --no-restore-splits or --min-gain 0.005]
  env: TOPOLOGY=Kdl, TRAFFIC=gravity:1,16 (a model, or a matrix file from `te traffic -o`),
       TOPOLOGY_DIR=../shared/topology-zoo, JAR=te-controller/target/te.jar, PORT=19560, HEAP=8g
"""
import json
import os
import subprocess
import sys
import tempfile
import time
import urllib.request

JAR = os.environ.get('JAR', 'te-controller/target/te.jar')
TD = os.environ.get('TOPOLOGY_DIR', '../shared/topology-zoo')
PORT = int(os.environ.get('PORT', '19560'))
TOPO = os.environ.get('TOPOLOGY', 'Kdl')
TRAFFIC = os.environ.get('TRAFFIC', 'gravity:1,16')
BASE = f'http://127.0.0.1:{PORT}'


def raw(method, path, body=None, ctype=None):
    r = urllib.request.Request(BASE + path, data=body, method=method)
    if ctype:
        r.add_header('Content-Type', ctype)
    with urllib.request.urlopen(r, timeout=600) as f:
        return f.read()


def req(method, path, body=None, ctype=None):
    return json.loads(raw(method, path, body, ctype) or b'null')


def wait_after(version):
    """The first allocation after `version` that is a solve's, not a pruning's."""
    while True:
        a = req('GET', '/v1/status').get('allocation') or {}
        if a.get('version', 0) > version and not a['method'].endswith('+pruned'):
            return a
        time.sleep(0.05)


def weights(alloc):
    return {(c['src'], c['dst']): tuple(round(p['weight'] * 100) for p in c['paths']) for c in alloc['commodities']}


def main():
    work = tempfile.mkdtemp()
    traffic = TRAFFIC
    if not os.path.exists(traffic):
        traffic = os.path.join(work, 'traffic.json')
        subprocess.run(['java', '-jar', JAR, 'traffic', '--topology-dir', TD, '-t', TOPO, '-m', TRAFFIC, '-o', traffic], check=True,
                       stdout=subprocess.DEVNULL)
    log = open(os.path.join(work, 'daemon.log'), 'w')
    p = subprocess.Popen(['java', '-Xmx' + os.environ.get('HEAP', '8g'), '-jar', JAR, 'serve', '--topology-dir', TD, '-t', TOPO,
                          '--state-dir', os.path.join(work, 'state'), '--listen', f'127.0.0.1:{PORT}', '--interval', '3600s']
                         + sys.argv[1:], stdout=log, stderr=log)
    try:
        while True:
            try:
                urllib.request.urlopen(BASE + '/healthz', timeout=1)
                break
            except Exception:
                time.sleep(0.2)
        req('PUT', '/v1/demands', open(traffic, 'rb').read(), 'application/json')
        a = wait_after(0)
        # Only the weights are kept: two parsed 286 MB allocations slow everything else down.
        full = req('GET', '/v1/allocation')
        before = {'version': full['version'], 'objectiveValue': full['objectiveValue'], 'weights': weights(full)}
        pick = full['commodities'][1000]
        del full
        links = req('GET', '/v1/links/load')['links']
        link = links[max(range(len(links)), key=lambda i: links[i]['plannedMbps'] or 0)]
        steps = [('link %s->%s down' % (link['src'], link['dst']), 'POST', f"/v1/links/{link['src']}/{link['dst']}/down", None),
                 ('one demand doubled', 'PATCH', '/v1/demands', None),
                 ('link back up', 'POST', f"/v1/links/{link['src']}/{link['dst']}/up", None)]
        for name, method, path, _ in steps:
            if method == 'PATCH':
                req(method, path, ('src,dst,demand\n%s,%s,%s\n' % (pick['src'], pick['dst'], pick['demandMbps'] * 2)).encode(), 'text/csv')
            else:
                req(method, path)
            a = wait_after(a['version'])
            # What a client holding the version before the step fetches: GET /v1/allocation?since=V.
            t = time.time()
            delta = raw('GET', '/v1/allocation?since=%d' % before['version'])
            seconds = time.time() - t
            d = json.loads(delta)
            delta_line = '  ?since=%d: %d commodities, %d removed, %.1f MB in %.2f s' % (
                before['version'], len(d['commodities']), len(d['removed']), len(delta) / 1e6, seconds)
            del d, delta
            body = raw('GET', '/v1/allocation')
            full = json.loads(body)
            after = {'version': full['version'], 'objectiveValue': full['objectiveValue'], 'weights': weights(full),
                     'message': full['message']}
            del full
            wa, wb = before['weights'], after['weights']
            changed = sum(1 for k in wb if k in wa and wa[k] != wb[k])
            print('%s: re-weighted %d of %d; objective %s -> %s; %s' % (name, changed, len(wb), before['objectiveValue'],
                                                                       after['objectiveValue'], after['message'][:160]))
            print(delta_line + ' (whole allocation: %.1f MB)' % (len(body) / 1e6))
            del body
            before = after
        print('daemon log:', log.name)
    finally:
        p.terminate()
        p.wait()


if __name__ == '__main__':
    main()
