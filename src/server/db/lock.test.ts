import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { spawn } from "node:child_process";
import { once } from "node:events";
import { describe, expect, it } from "vitest";
import { acquireDataDirLock } from "./lock";

describe("the embedded database's lock", () => {
  it("takes over a lock whose pid now belongs to another program, and names the lock file when it refuses", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "balans-lock-"));
    // A pid that runs, but is no Node.js process: a reused number after a crash.
    const other = spawn("sleep", ["30"]);
    // Spawned means exec'd: its command line is its own.
    await once(other, "spawn");
    writeFileSync(join(dataDir, "balans.lock"), String(other.pid));
    const release = acquireDataDirLock(dataDir);
    release();
    other.kill();

    // A Node.js process holding it: refused, with how to recover.
    const node = spawn(process.execPath, ["-e", "setTimeout(() => {}, 30000)"]);
    await once(node, "spawn");
    writeFileSync(join(dataDir, "balans.lock"), String(node.pid));
    try {
      expect(() => acquireDataDirLock(dataDir)).toThrow(
        `verwijder dan ${join(dataDir, "balans.lock")} en start opnieuw`,
      );
    } finally {
      node.kill();
    }
  });
});
