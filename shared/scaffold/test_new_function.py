"""The scaffold against a copy of the files it edits: what it writes parses
and names the new function everywhere the shop looks for functions."""

import json
import shutil
import subprocess
import sys
import tempfile
import tomllib
import unittest
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
EDITED = ["Cargo.toml", "shared/routes.json", "shared/server/Cargo.toml", "shared/server/src/routes.rs"]


class NewFunction(unittest.TestCase):
    def setUp(self):
        self.root = Path(tempfile.mkdtemp())
        for path in EDITED:
            (self.root / path).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy(ROOT / path, self.root / path)
        (self.root / "shared/scaffold").mkdir(parents=True)
        shutil.copy(ROOT / "shared/scaffold/new_function.py", self.root / "shared/scaffold")

    def tearDown(self):
        shutil.rmtree(self.root)

    def scaffold(self, *args):
        script = self.root / "shared/scaffold/new_function.py"
        return subprocess.run([sys.executable, script, *args], capture_output=True, text=True)

    def test_wires_the_function_everywhere(self):
        result = self.scaffold("gift-cards", "/api/gift-cards", "/api/vouchers")
        self.assertEqual(result.returncode, 0, result.stderr)
        cargo = tomllib.loads((self.root / "Cargo.toml").read_text())
        self.assertIn("functions/gift-cards", cargo["workspace"]["members"])
        self.assertEqual(cargo["workspace"]["dependencies"]["gift-cards"], {"path": "functions/gift-cards"})
        watch = cargo["workspace"]["metadata"]["lambda"]["watch"]["router"]
        self.assertEqual(watch["/api/vouchers/{*rest}"], "gift-cards")
        routes = json.loads((self.root / "shared/routes.json").read_text())
        self.assertEqual(routes["functions"][-1], {"name": "gift-cards", "prefixes": ["/api/gift-cards", "/api/vouchers"]})
        server = tomllib.loads((self.root / "shared/server/Cargo.toml").read_text())
        self.assertEqual(server["dependencies"]["gift-cards"], {"workspace": True})
        self.assertIn('"gift-cards" => gift_cards::router,', (self.root / "shared/server/src/routes.rs").read_text())
        lib = (self.root / "functions/gift-cards/src/lib.rs").read_text()
        self.assertIn('.route("/api/gift-cards", get(index))', lib)
        main = (self.root / "functions/gift-cards/src/main.rs").read_text()
        self.assertIn("gift_cards::router", main)
        crate = tomllib.loads((self.root / "functions/gift-cards/Cargo.toml").read_text())
        self.assertEqual(crate["package"]["rust-version"], {"workspace": True})
        self.assertEqual(crate["lints"], {"workspace": True})

    def test_refuses_bad_names_and_existing_functions(self):
        self.assertNotEqual(self.scaffold("Gift Cards", "/api/x").returncode, 0)
        self.assertNotEqual(self.scaffold("gifts", "api/x").returncode, 0)
        (self.root / "functions/cart").mkdir(parents=True)
        self.assertIn("exists already", self.scaffold("cart", "/api/cart").stderr)


# The payment SDK sets its global allocator (lol_alloc, for the wasm's
# size) in one unsafe block, which the workspace's `forbid` cannot allow;
# no other crate may join it.
NOT_YET_INHERITING = {"sdk"}


class WorkspaceRules(unittest.TestCase):
    def test_every_crate_inherits_the_workspace_lints_and_rust_version(self):
        members = tomllib.loads((ROOT / "Cargo.toml").read_text())["workspace"]["members"]
        for member in members:
            crate = tomllib.loads((ROOT / member / "Cargo.toml").read_text())
            inherits = crate.get("lints") == {"workspace": True} and crate["package"].get("rust-version") == {"workspace": True}
            self.assertEqual(inherits, member not in NOT_YET_INHERITING, member)


if __name__ == "__main__":
    unittest.main()
