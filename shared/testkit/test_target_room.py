"""The target dir's room guard frees the cheapest things first and keeps the newest build."""

import os
import tempfile
import time
import unittest
from unittest import mock

import target_room


def touch(path, age_s=0, executable=True):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as f:
        f.write(b"x" * 1000)
    if executable:
        os.chmod(path, 0o755)
    then = time.time() - age_s
    os.utime(path, (then, then))


class MakeRoom(unittest.TestCase):
    def setUp(self):
        self.target = tempfile.mkdtemp()
        deps = os.path.join(self.target, "debug", "deps")
        self.old = os.path.join(deps, "api-1111")
        self.new = os.path.join(deps, "api-2222")
        self.lib = os.path.join(deps, "libserde-3333.rlib")
        touch(self.old, age_s=60)
        touch(self.old + ".d", executable=False)
        touch(self.new)
        touch(self.lib, age_s=60, executable=False)
        touch(os.path.join(self.target, "debug", "incremental", "api-x", "s"))

    def free(self, *answers):
        return mock.patch.object(target_room, "free_gb", side_effect=list(answers))

    def test_a_roomy_disk_is_left_alone(self):
        with self.free(50):
            self.assertEqual(target_room.make_room(self.target, 20), [])
        self.assertTrue(os.path.exists(self.old))

    def test_the_incremental_caches_go_first(self):
        with self.free(10, 30, 30):
            said = target_room.make_room(self.target, 20)
        self.assertEqual(said, ["removed the incremental caches"])
        self.assertFalse(os.path.exists(os.path.join(self.target, "debug", "incremental")))
        self.assertTrue(os.path.exists(self.old))

    def test_then_superseded_executables_and_never_the_newest_or_a_library(self):
        with self.free(10, 10, 30):
            said = target_room.make_room(self.target, 20)
        self.assertEqual(len(said), 2)
        self.assertFalse(os.path.exists(self.old))
        self.assertFalse(os.path.exists(self.old + ".d"))
        self.assertTrue(os.path.exists(self.new))
        self.assertTrue(os.path.exists(self.lib))

    def test_last_the_whole_target_dir(self):
        with self.free(10, 10, 10):
            said = target_room.make_room(self.target, 20)
        self.assertIn("cold", said[-1])
        self.assertFalse(os.path.exists(os.path.join(self.target, "debug")))


if __name__ == "__main__":
    unittest.main()
