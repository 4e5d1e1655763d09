"""Keeps room on the disk of the cargo target dir that every run and CI reuse.

A reused target dir only grows: each change of a workspace crate leaves its old
test binaries behind, and a build that finds the disk full dies in the linker
("Bus error"), which reads as a broken build rather than a full disk. Before a
build, when the disk has less than ROOM_GB free, this removes what no build
reads again, cheapest loss first:

1. incremental caches (the Makefile's builds do not use them);
2. executables superseded by a newer build of the same name (keeping the newest);
3. when that is still not enough, the whole target dir: a cold build is slower,
   a full disk fails.

Usage: python3 target_room.py TARGET_DIR [ROOM_GB]
"""

import collections
import os
import shutil
import sys

PROFILES = ("debug", "release")


def free_gb(path):
    return shutil.disk_usage(path).free / 1e9


def executables(deps):
    """Hashed executables (`name-hash`, no extension), grouped by name."""
    groups = collections.defaultdict(list)
    for entry in os.scandir(deps):
        base, _, _ = entry.name.rpartition("-")
        if "." in entry.name or not base or not entry.is_file():
            continue
        if os.access(entry.path, os.X_OK):
            groups[base].append((entry.stat().st_mtime, entry.path))
    return groups


def remove_superseded(deps):
    """Removes every executable but the newest of its name; returns bytes freed."""
    freed = 0
    for builds in executables(deps).values():
        for _, path in sorted(builds)[:-1]:
            freed += os.stat(path).st_size
            os.remove(path)
            if os.path.exists(path + ".d"):
                os.remove(path + ".d")
    return freed


def make_room(target, room_gb):
    """Frees space under `target` until the disk has `room_gb` free; says what it did."""
    said = []
    if not os.path.isdir(target) or free_gb(target) >= room_gb:
        return said
    for profile in PROFILES:
        shutil.rmtree(os.path.join(target, profile, "incremental"), ignore_errors=True)
    said.append("removed the incremental caches")
    if free_gb(target) < room_gb:
        freed = sum(
            remove_superseded(os.path.join(target, p, "deps"))
            for p in PROFILES
            if os.path.isdir(os.path.join(target, p, "deps"))
        )
        said.append(f"removed superseded executables ({freed / 1e9:.1f} GB)")
    if free_gb(target) < room_gb:
        for profile in PROFILES:
            shutil.rmtree(os.path.join(target, profile), ignore_errors=True)
        said.append("removed the whole target dir: the next build is a cold one")
    return said


def main():
    target = sys.argv[1]
    room_gb = float(sys.argv[2]) if len(sys.argv) > 2 else 20
    for line in make_room(target, room_gb):
        print(f"target-room: {line} (the disk had under {room_gb:g} GB free)")
    if os.path.isdir(target) and free_gb(target) < room_gb:
        print(f"target-room: only {free_gb(target):.1f} GB free; the build may run out of disk")


if __name__ == "__main__":
    main()
