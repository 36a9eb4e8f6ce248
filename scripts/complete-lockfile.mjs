/**
 * npm leaves a platform-specific optional package out of package-lock.json when the registry it installs from
 * does not serve that platform's build; `npm ci` then refuses the lock file ("Missing: … from lock file").
 * This adds each missing optional platform package of a locked dependency back, with the os/cpu that make
 * npm skip it on other machines and fetch it on its own platform. Run after `npm install <package>`.
 */
import { readFileSync, writeFileSync } from "node:fs";

const LOCK = new URL("../package-lock.json", import.meta.url);
const lock = JSON.parse(readFileSync(LOCK, "utf8"));

/** The os and cpu names npm filters optional packages on, as native-binary packages spell them in their names. */
const OSES = ["android", "darwin", "freebsd", "linux", "win32", "openbsd", "netbsd", "sunos", "aix"];
const CPUS = ["arm64", "x64", "arm", "ia32", "loong64", "ppc64", "riscv64", "s390x", "wasm32", "mips64el"];

/** "@unrs/resolver-binding-linux-arm-musleabihf" -> { os: ["linux"], cpu: ["arm"] }; null when not a platform build. */
function platformOf(name) {
  const words = name.split("/").pop().split("-");
  const os = OSES.find((candidate) => words.includes(candidate));
  const cpu = CPUS.find((candidate) => words.includes(candidate));
  if (!os && !cpu) return null;
  return { ...(os ? { os: [os] } : {}), ...(cpu ? { cpu: [cpu] } : {}) };
}

let added = 0;
for (const [path, entry] of Object.entries(lock.packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const location = `${path.slice(0, path.lastIndexOf("node_modules/") + "node_modules/".length) || "node_modules/"}${name}`;
    if (lock.packages[location] || lock.packages[`node_modules/${name}`]) continue;
    const platform = platformOf(name);
    if (!platform) continue;
    lock.packages[`node_modules/${name}`] = {
      version,
      ...(entry.dev ? { dev: true } : {}),
      optional: true,
      ...platform,
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
