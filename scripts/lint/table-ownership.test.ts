import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { getTableName, is } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import { ESLint, RuleTester } from "eslint";
import tseslint from "typescript-eslint";
import { describe, expect, it } from "vitest";
import * as schema from "../../src/server/db/schema/index";
import rule, { ownerOfFile, readSchemaTables } from "./table-ownership.js";

const root = join(import.meta.dirname, "../..");
const tableOwners = JSON.parse(readFileSync(join(root, "src/server/db/table-owners.json"), "utf8")) as Record<
  string,
  string[]
>;

/** Every table the schema exports, by its export name, as Drizzle itself names it. */
const schemaTables = Object.fromEntries(
  Object.entries(schema)
    .filter(([, value]) => is(value, PgTable))
    .map(([name, table]) => [name, getTableName(table as PgTable)]),
);

describe("the table owners", () => {
  it("give every table of the schema exactly one owner, and own no table the schema lacks", () => {
    const owned = Object.values(tableOwners).flat();
    expect(owned.filter((table, index) => owned.indexOf(table) !== index)).toEqual([]);
    expect([...owned].sort()).toEqual(Object.values(schemaTables).sort());
  });

  it("are server features, or the server's own jobs, mail and plugins", () => {
    for (const owner of Object.keys(tableOwners)) {
      const folder = ["jobs", "mail", "plugins"].includes(owner) ? owner : `features/${owner}`;
      expect(existsSync(join(root, "src/server", folder)), owner).toBe(true);
    }
  });

  it("are read by the linter under the names the schema exports", () => {
    expect(readSchemaTables(join(root, "src/server/db/schema"))).toEqual(schemaTables);
  });

  it("belong to the feature folder a file is in", () => {
    expect(ownerOfFile("/repo/src/server/features/bank/accounts.ts")).toBe("bank");
    expect(ownerOfFile("/repo/src/server/mail/outbox.ts")).toBe("mail");
    expect(ownerOfFile("/repo/src/server/app.ts")).toBeNull();
    expect(ownerOfFile("/repo/tests/factories.ts")).toBeNull();
  });
});

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const tester = new RuleTester({
  languageOptions: { parser: tseslint.parser, ecmaVersion: "latest", sourceType: "module" },
});
const options = [
  {
    tables: { journalLines: "journal_lines", ledgerAccounts: "ledger_accounts", categories: "categories" },
    owners: { journal_lines: "ledger", ledger_accounts: "ledger", categories: "categories" },
  },
];
const bankAccounts = "/repo/src/server/features/bank/accounts.ts";
const ledger = "/repo/src/server/features/ledger/posting.ts";
const schemaImport = `import { sql } from "drizzle-orm";
import { categories, journalLines, ledgerAccounts } from "../../db/schema/index";
`;

tester.run("table-ownership", rule, {
  valid: [
    {
      name: "the owner writes its table",
      filename: ledger,
      options,
      code: `${schemaImport}await db.delete(journalLines);`,
    },
    {
      name: "the owner writes its table in SQL",
      filename: ledger,
      options,
      code: `${schemaImport}await db.execute(sql\`insert into journal_lines (user_id) values (1) on conflict do update set amount = 0\`);`,
    },
    {
      name: "another feature reads the table",
      filename: bankAccounts,
      options,
      code: `${schemaImport}await db.select().from(journalLines).innerJoin(ledgerAccounts, sql\`true\`);
await db.execute(sql\`select 1 from journal_lines for update\`);`,
    },
    {
      name: "a name like a table that is not the schema's",
      filename: bankAccounts,
      options,
      code: `const journalLines = new Set(); const seen = new Map(); seen.delete(journalLines); await db.delete(journalLines);`,
    },
    {
      name: "code outside the server's modules (the test factories)",
      filename: "/repo/tests/factories.ts",
      options,
      code: `import { journalLines } from "../src/server/db/schema/index"; await db.insert(journalLines).values({});`,
    },
  ],
  invalid: [
    {
      name: "a deliberate cross-feature write: bank accounts delete the ledger's journal lines",
      filename: bankAccounts,
      options,
      code: `${schemaImport}await tx.delete(journalLines).where(sql\`true\`);`,
      errors: [
        {
          message:
            "'bank' writes journal_lines, a table of 'ledger': add a named operation to 'ledger' and call it.",
        },
      ],
    },
    {
      name: "an update through an alias and an insert through the schema namespace",
      filename: bankAccounts,
      options,
      code: `import { ledgerAccounts as accounts } from "../../db/schema/ledger";
import * as schema from "../../db/schema/index";
await tx.update(accounts).set({ name: "x" });
await tx.insert(schema.categories).values({});`,
      errors: [
        {
          messageId: "foreignWrite",
          data: { module: "bank", table: "ledger_accounts", owner: "ledger" },
        },
        {
          messageId: "foreignWrite",
          data: { module: "bank", table: "categories", owner: "categories" },
        },
      ],
    },
    {
      name: "raw SQL by name and by interpolated table",
      filename: ledger,
      options,
      code: `${schemaImport}await db.execute(sql\`UPDATE categories SET ledger_account_id = null\`);
await db.execute(sql\`insert into \${categories} (name) values ('x')\`);
await db.execute(sql\`with gone as (delete from "categories" returning id) select 1\`);`,
      errors: [
        { messageId: "foreignWrite", data: { module: "ledger", table: "categories", owner: "categories" } },
        { messageId: "foreignWrite", data: { module: "ledger", table: "categories", owner: "categories" } },
        { messageId: "foreignWrite", data: { module: "ledger", table: "categories", owner: "categories" } },
      ],
    },
    {
      name: "a table without an owner",
      filename: ledger,
      options: [{ tables: { journalLines: "journal_lines" }, owners: {} }],
      code: `import { journalLines } from "../../db/schema/index"; await db.insert(journalLines).values({});`,
      errors: [{ messageId: "unowned", data: { table: "journal_lines" } }],
    },
    {
      name: "a server module that is no feature",
      filename: "/repo/src/server/jobs/index.ts",
      options,
      code: `${schemaImport}await db.delete(categories);`,
      errors: [
        { messageId: "foreignWrite", data: { module: "jobs", table: "categories", owner: "categories" } },
      ],
    },
  ],
});

describe("the project's lint configuration", () => {
  it("refuses a feature's write to another feature's table, and lets it read", async () => {
    // The import-cycle check resolves every import through the TypeScript project: slow, and not what is tested.
    const eslint = new ESLint({ cwd: root, overrideConfig: { rules: { "import-x/no-cycle": "off" } } });
    const code = `import { eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { journalLines } from "../../db/schema/index";

export async function dropLines(db: Database, userId: string): Promise<number> {
  const lines = await db.select().from(journalLines).where(eq(journalLines.userId, userId));
  await db.delete(journalLines).where(eq(journalLines.userId, userId));
  return lines.length;
}
`;
    const [result] = await eslint.lintText(code, {
      filePath: join(root, "src/server/features/bank/ownership-fixture.ts"),
    });
    const ownership = result!.messages.filter((message) => message.ruleId === "balans/table-ownership");
    expect(ownership.map((message) => [message.line, message.message])).toEqual([
      [7, "'bank' writes journal_lines, a table of 'ledger': add a named operation to 'ledger' and call it."],
    ]);
  }, 120_000);
});
