#!/usr/bin/env python3
"""Sweeps the blend-space point over a grid and prints each foot's slide per step (#41).

For the demo's blend space and the Knight's (Idle, Walking_A, Walking_Backwards, as
tests/project/locomotion_warping_demo_test.cpp builds it), runs
`animview slide PROJECT --param velocity_x=X --param velocity_z=Z --stride-warping on
--orientation-warping on --json` at every grid point inside the samples' reach and on a ring just
past it, and prints slide_per_step_leg per foot, worst points last.

  scripts/slide_sweep.py [--animview build/animview] [--assets /work/shared/assets]
                         [--space demo|knight|both] [--step S] [--jobs N]
"""
import argparse
import concurrent.futures
import json
import math
import os
import subprocess
import sys
import tempfile

KNIGHT_PROJECT = """{
  "version": 1, "character": "%s",
  "clips": ["Idle", "Walking_A", "Walking_Backwards"],
  "parameters": [{"name": "velocity_x", "type": "float", "value": 0.0},
                 {"name": "velocity_z", "type": "float", "value": 0.0}],
  "blend_spaces": [{"name": "locomotion", "dimensions": 2, "mode": "freeform-directional",
    "x_axis": {"name": "velocity_x", "min": -1.5, "max": 1.5},
    "y_axis": {"name": "velocity_z", "min": -1.5, "max": 1.5},
    "x_parameter": "velocity_x", "y_parameter": "velocity_z",
    "samples": [{"clip": "Idle", "position": [0.0, 0.0]},
                {"clip": "Walking_A", "position": [0.0, 0.902]},
                {"clip": "Walking_Backwards", "position": [0.0, -0.919]}]}],
  "state_machine": {"states": [{"name": "locomotion", "blend_space": "locomotion"}],
                    "transitions": []}}
"""

# The farthest sample from the centre, the points past it are asked on a ring at 1.3 / reach.
SPACES = {"demo": 3.0, "knight": 0.919}
RING_POINTS = 16


def grid(reach, step):
    """Points every step inside the disc of radius reach, then a ring just past it."""
    n = int(math.floor(reach / step))
    points = [(i * step, j * step) for i in range(-n, n + 1) for j in range(-n, n + 1)
              if math.hypot(i * step, j * step) <= reach + 1e-6]
    ring = 1.3 if reach < 1.0 else reach + 0.5
    for k in range(RING_POINTS):
        a = 2.0 * math.pi * k / RING_POINTS
        points.append((round(ring * math.sin(a), 3), round(ring * math.cos(a), 3)))
    return points


def measure(animview, target, point, duration):
    command = [animview, "slide", target,
               "--param", "velocity_x=%g" % point[0], "--param", "velocity_z=%g" % point[1],
               "--stride-warping", "on", "--orientation-warping", "on", "--duration", str(duration),
               "--json"]
    done = subprocess.run(command, capture_output=True, text=True)
    if done.returncode != 0:
        return point, None, done.stderr.strip()
    out = json.loads(done.stdout[done.stdout.index("{"):])
    return point, [f["slide_per_step_leg"] for f in out["feet"]], "%.2f m/s" % out["speed_mps"]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--animview", default="build/animview")
    parser.add_argument("--assets", default="/work/shared/assets")
    parser.add_argument("--space", choices=["demo", "knight", "both"], default="both")
    parser.add_argument("--step", type=float, default=0.25)
    parser.add_argument("--duration", type=float, default=4.0)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--worst", type=int, default=12, help="rows of the worst points shown")
    parser.add_argument("--points", help="x,z;x,z;...: measure these points instead of the grid")
    args = parser.parse_args()

    spaces = ["demo", "knight"] if args.space == "both" else [args.space]
    worst_of_all = 0.0
    with tempfile.TemporaryDirectory() as tmp:
        for space in spaces:
            target = "<demo>"  # the built-in demo plays its own project
            if space == "knight":
                knight = os.path.join(args.assets, "kaykit", "Knight.glb")
                if not os.path.exists(knight):
                    print("knight: %s is absent, skipped" % knight)
                    continue
                target = os.path.join(tmp, "knight_project.json")
                with open(target, "w") as f:
                    f.write(KNIGHT_PROJECT % knight)
            points = grid(SPACES[space], args.step) if not args.points else [
                tuple(float(v) for v in p.split(",")) for p in args.points.split(";")]
            with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
                rows = list(pool.map(lambda p: measure(args.animview, target, p, args.duration),
                                     points))
            failed = [r for r in rows if r[1] is None]
            for point, _, error in failed:  # a failed run's third field is its message
                print("%s (%.2f, %.2f): failed: %s" % (space, point[0], point[1], error))
            rows = sorted((r for r in rows if r[1] is not None), key=lambda r: max(r[1]))
            over = sum(1 for r in rows if max(r[1]) >= 0.01)
            print("%s: %d points, %d at or over 1%% of the leg per step; worst %d:" %
                  (space, len(rows), over, min(args.worst, len(rows))))
            print("  (velocity_x, velocity_z)  slide per step, % of the leg, per foot  speed")
            for point, feet, speed in rows[-args.worst:]:
                print("  (%6.2f, %6.2f)  %s  %s" % (point[0], point[1],
                                                    "  ".join("%6.2f%%" % (100 * s) for s in feet),
                                                    speed))
            if rows:
                worst_of_all = max(worst_of_all, max(rows[-1][1]))
    return 0 if worst_of_all < 0.01 else 1


if __name__ == "__main__":
    sys.exit(main())
