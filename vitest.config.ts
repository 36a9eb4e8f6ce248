import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  resolve: {
    alias: { "@shared": here("./src/shared"), "@client": here("./src/client") },
  },
  test: {
    include: ["src/**/*.test.ts", "tests/**/*.test.ts", "scripts/**/*.test.ts"],
    globalSetup: ["tests/global-setup.ts"],
    setupFiles: ["tests/fail-on-console-error.ts"],
    pool: "forks",
    // Every test file has a database of its own, so files run side by side; the default leaves a core idle.
    maxWorkers: 2,
    // A worker loads the server's modules once for all its files instead of once per file (a third of the run).
    // Files share no state but their modules: each opens its own database and app.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
