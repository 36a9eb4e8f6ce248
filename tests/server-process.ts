import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";

/** A real Balans server process (src/server/main.ts), as `npm start` runs it after the build. */
export type ServerProcess = {
  child: ChildProcess;
  baseUrl: string;
  output(): string;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
};

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

export function startServer(env: Record<string, string>, port: number): ServerProcess {
  const child = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    env: {
      ...process.env,
      HOST: "127.0.0.1",
      PORT: String(port),
      LOG_LEVEL: "warn",
      DATABASE_URL: "",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return { child, baseUrl: `http://127.0.0.1:${port}`, output: () => output, exited };
}

/** Waits until the server answers (any status), or fails with its output. */
export async function waitUntilListening(server: ServerProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let ended = false;
  void server.exited.then(() => (ended = true));
  while (Date.now() < deadline && !ended) {
    try {
      await fetch(`${server.baseUrl}/api/user`);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error(`The server did not start:\n${server.output()}`);
}
