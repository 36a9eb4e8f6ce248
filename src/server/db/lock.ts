import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from "node:fs";
import { join } from "node:path";

/**
 * PGlite allows one process per data directory: a second one would corrupt it. The lock file holds the owner's
 * pid; a lock left by a process that no longer runs (killed with SIGKILL, a crash) is taken over.
 */
export function acquireDataDirLock(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const lockFile = join(dataDir, "balans.lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockFile, "wx");
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => {
        try {
          if (readFileSync(lockFile, "utf8") === String(process.pid)) unlinkSync(lockFile);
        } catch {
          // Already gone: nothing to release.
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const owner = Number(readFileSync(lockFile, "utf8"));
      if (isRunning(owner) && owner !== process.pid && mayBeBalans(owner)) {
        throw new DataDirLockedError(dataDir, owner, lockFile);
      }
      unlinkSync(lockFile);
    }
  }
  throw new DataDirLockedError(dataDir, NaN, lockFile);
}

export class DataDirLockedError extends Error {
  constructor(dataDir: string, pid: number, lockFile: string) {
    super(
      `De database in ${dataDir} is al in gebruik door een ander Balans-proces${Number.isNaN(pid) ? "" : ` (pid ${pid})`}. ` +
        "Stop dat proces eerst, of start met een andere DATA_DIR (of met DATABASE_URL voor PostgreSQL). " +
        `Draait er zeker geen Balans meer op deze map, verwijder dan ${lockFile} en start opnieuw.`,
    );
    this.name = "DataDirLockedError";
  }
}

/**
 * A pid is reused after a reboot or a crash: on Linux the process's command line tells whether it is a Node.js
 * process at all. Elsewhere (no /proc) the lock is respected.
 */
function mayBeBalans(pid: number): boolean {
  try {
    return /node|tsx/.test(readFileSync(`/proc/${pid}/cmdline`, "utf8"));
  } catch {
    return true;
  }
}

function isRunning(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
