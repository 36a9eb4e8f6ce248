/**
 * npm leaves a platform-specific optional package out of package-lock.json when the registry it installs from
 * does not serve that platform's build; `npm ci` then refuses the lock file ("Missing: … from lock file").
 * This adds each missing optional platform package of a locked dependency back, with the os/cpu that make
 * npm skip it on other machines and fetch it on its own platform. Run after `npm install <package>`.
 */
import { readFileSync, writeFileSync } from "node:fs";

const LOCK = new URL("../package-lock.json", import.meta.url);
const lock = JSON.parse(readFileSync(LOCK, "utf8"));

/** Platform suffixes as the native-binary packages name them, with the os/cpu/libc npm filters on. */
const PLATFORMS = {
  "android-arm64": { os: ["android"], cpu: ["arm64"] },
  "darwin-arm64": { os: ["darwin"], cpu: ["arm64"] },
  "darwin-x64": { os: ["darwin"], cpu: ["x64"] },
  "freebsd-x64": { os: ["freebsd"], cpu: ["x64"] },
  "linux-arm-gnueabihf": { os: ["linux"], cpu: ["arm"] },
  "wasm32-wasi": { cpu: ["wasm32"] },
  "win32-arm64-msvc": { os: ["win32"], cpu: ["arm64"] },
  "win32-x64-msvc": { os: ["win32"], cpu: ["x64"] },
};

let added = 0;
for (const [path, entry] of Object.entries(lock.packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const location = `${path.slice(0, path.lastIndexOf("node_modules/") + "node_modules/".length) || "node_modules/"}${name}`;
    if (lock.packages[location] || lock.packages[`node_modules/${name}`]) continue;
    const platform = Object.keys(PLATFORMS).find((suffix) => name.endsWith(`-${suffix}`));
    if (!platform) continue;
    lock.packages[`node_modules/${name}`] = {
      version,
      ...(entry.dev ? { dev: true } : {}),
      optional: true,
      ...PLATFORMS[platform],
    };
    added++;
  }
}

lock.packages = Object.fromEntries(
  Object.entries(lock.packages).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a.localeCompare(b))),
);
writeFileSync(LOCK, `${JSON.stringify(lock, null, 2)}\n`);
console.log(
  added === 0
    ? "package-lock.json is complete"
    : `added ${added} optional platform package(s) to package-lock.json`,
);
