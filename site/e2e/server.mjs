/**
 * The shop under test: SHOP_URL when given (shared/testkit/with-server.sh sets
 * it), else a release shop-server started here on a free port with a fresh,
 * seeded data dir, stopped when the journeys end. Its data dir (DATA_DIR) is
 * where the outbox of emails lives.
 */
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { homedir, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { until } from "./harness.mjs";

const root = resolve(import.meta.dirname, "../..");

function freePort() {
  return new Promise((ok, fail) => {
    const srv = createServer();
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address();
      srv.close(() => ok(port));
    });
    srv.on("error", fail);
  });
}

/** Once the shop at `url` answers its API (within `ms`). */
export async function waitUntilUp(url, ms) {
  const answers = () =>
    fetch(`${url}/api/menus`).then(
      (res) => res.ok,
      () => false,
    );
  await until(answers, `the shop at ${url} to answer`, { timeout: ms, every: 100 });
}

export async function startShop() {
  if (process.env.SHOP_URL)
    return {
      url: process.env.SHOP_URL.replace(/\/$/, ""),
      dataDir: process.env.DATA_DIR,
      root,
      bin: process.env.SHOP_BIN_DIR || join(process.env.CARGO_TARGET_DIR || join(homedir(), ".cache/couture/target"), "release"),
      stop: async () => {},
    };
  const bin = process.env.SHOP_BIN_DIR || join(process.env.CARGO_TARGET_DIR || join(homedir(), ".cache/couture/target"), "release");
  const dataDir = mkdtempSync(join(tmpdir(), "site-e2e-"));
  const port = await freePort();
  // The payment SDK's assets host: an origin of its own, on a second free port.
  let assetsPort = await freePort();
  while (assetsPort === port) assetsPort = await freePort();
  // The journeys stand for many shoppers: each browser context names its own
  // client address in X-Forwarded-For, as the proxy in front of a real shop
  // does, so the per-address abuse limits meet one shopper each.
  const env = {
    RUST_LOG: "warn",
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    ASSETS_PORT: String(assetsPort),
    ASSETS_URL: `http://127.0.0.1:${assetsPort}`,
    TRUST_FORWARDED_FOR: "1",
  };
  const seed = spawnSync(join(bin, "shopctl"), ["catalog", "import", "shared/sample-catalog"], { cwd: root, env, stdio: ["ignore", "ignore", "inherit"] });
  if (seed.status !== 0) throw new Error("shopctl catalog import failed (build it with: cargo build --release -p server -p shopctl)");
  const child = spawn(join(bin, "shop-server"), [], { cwd: root, env, stdio: ["ignore", "ignore", "inherit"] });
  const url = `http://127.0.0.1:${port}`;
  await waitUntilUp(url, 20_000);
  return {
    url,
    dataDir,
    root,
    bin,
    stop: async () => {
      child.kill("SIGTERM");
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Runs the operators' CLI on the shop's data, as an operator would; its output. */
export function shopctl(shop, ...args) {
  const res = spawnSync(join(shop.bin, "shopctl"), args, { cwd: shop.root, env: { ...process.env, DATA_DIR: shop.dataDir }, encoding: "utf8" });
  if (res.status !== 0) throw new Error(`shopctl ${args.join(" ")}: ${res.stderr}`);
  return res.stdout;
}
