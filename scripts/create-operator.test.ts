import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { openPglite } from "../src/server/db/client";
import { users } from "../src/server/db/schema/index";
import { verifyCredentials } from "../src/server/features/auth/service";
import { CUSTOMER_ADDRESS_MESSAGE } from "../src/server/features/operator/accounts";

const dataDir = mkdtempSync(join(tmpdir(), "balans-operator-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** `npm run operator:create -- <args>` on an embedded database of its own. */
function runScript(...args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/create-operator.ts", ...args], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", LOG_LEVEL: "silent" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk) => (stdout += chunk));
  child.stderr.on("data", (chunk) => (stderr += chunk));
  return new Promise((resolve) => child.once("exit", (code) => resolve({ code, stdout, stderr })));
}

const passwordIn = (stdout: string) => /Wachtwoord \(wordt niet opnieuw getoond\): (\S+)/.exec(stdout)?.[1];

async function withDatabase<T>(work: (db: Awaited<ReturnType<typeof openPglite>>["db"]) => Promise<T>) {
  const handle = await openPglite({ dataDir });
  try {
    return await work(handle.db);
  } finally {
    await handle.close();
  }
}

describe("npm run operator:create", () => {
  it("creates an operator whose printed password signs in, and prints a new one on a second run", async () => {
    const first = await runScript("Beheer@Balans.nl");
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toContain("Beheerder beheer@balans.nl aangemaakt.");
    const password = passwordIn(first.stdout)!;
    expect(password).toHaveLength(24);
    await withDatabase(async (db) => {
      const user = await verifyCredentials(db, "beheer@balans.nl", password);
      expect(user).toMatchObject({ isOperator: true, username: "beheer@balans.nl" });
    });

    const second = await runScript("beheer@balans.nl");
    expect(second.code, second.stderr).toBe(0);
    expect(second.stdout).toContain("Nieuw wachtwoord voor beheerder beheer@balans.nl");
    const newPassword = passwordIn(second.stdout)!;
    await withDatabase(async (db) => {
      expect(await verifyCredentials(db, "beheer@balans.nl", password)).toBeNull();
      expect(await verifyCredentials(db, "beheer@balans.nl", newPassword)).not.toBeNull();
    });
  }, 120_000);

  it("refuses a customer's address, a wrong address and a missing one, with a Dutch message", async () => {
    await withDatabase((db) =>
      db.insert(users).values({ username: "klant", email: "klant@voorbeeld.nl", passwordHash: "x" }),
    );
    const customer = await runScript("klant@voorbeeld.nl");
    expect(customer.code).toBe(1);
    expect(customer.stderr).toContain(CUSTOMER_ADDRESS_MESSAGE);
    await withDatabase(async (db) => {
      const [row] = await db.select().from(users).where(eq(users.username, "klant"));
      expect(row).toMatchObject({ isOperator: false, passwordHash: "x" });
    });

    const invalid = await runScript("geen-adres");
    expect(invalid.code).toBe(1);
    expect(invalid.stderr).toContain("Geef een geldig e-mailadres voor de beheerder");

    const missing = await runScript();
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("Gebruik: npm run operator:create -- <e-mailadres>");
  }, 120_000);
});
