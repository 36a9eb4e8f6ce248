import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client";
import {
  administrationAccessLog,
  administrationMembers,
  apiTokens,
  errorLogs,
  formSecurityLogs,
  newsletterSignups,
  outboxMessages,
  searchQueries,
} from "../../db/schema/index";
import { createTestDatabase } from "../../../../tests/database";
import {
  createClientRecord,
  createProject,
  createTimeEntry,
  createTransaction,
  createUser,
} from "../../../../tests/factories";
import { sendMail } from "../../mail/outbox";
import { submitContactMessage } from "../public-site/contact";
import { eraseDataOf } from "./erasure";
import { exportAddressData } from "./service";
import { PERSONAL_DATA_TABLES } from "./personal-data-tables";

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

describe("the tables that hold a person's data", () => {
  it("are all listed with what a privacy request does with them", async () => {
    const found = rowsOf<{ table_name: string }>(
      await database.db.execute(sql`
        select distinct table_name from information_schema.columns
        where table_schema = 'public' and column_name in ('user_id', 'email', 'recipient', 'converted_user_id')
        order by table_name`),
    ).map((row) => row.table_name);
    expect(found.filter((table) => !(table in PERSONAL_DATA_TABLES))).toEqual([]);
    // Every listed table exists: a renamed one is noticed too.
    expect(Object.keys(PERSONAL_DATA_TABLES).filter((table) => !found.includes(table))).toEqual([]);
  });

  it("erasure of an account whose books are kept leaves nothing of the person in an account or unlinked table", async () => {
    const db = database.db;
    const user = await createUser(db, { email: "alles@voorbeeld.nl" });
    await createTransaction(db, user.id, { date: "2026-03-01" });
    const client = await createClientRecord(db, user.id);
    const project = await createProject(db, user.id, { clientId: client.id });
    await createTimeEntry(db, user.id, { projectId: project.id });
    await db.insert(errorLogs).values({ userId: user.id, errorType: "test", message: "x" });
    await db.insert(searchQueries).values({ userId: user.id, query: "btw" });
    await db.insert(apiTokens).values({
      userId: user.id,
      name: "Koppeling",
      scope: "read",
      tokenHash: "hash-of-a-token",
      prefix: "bal_abcd",
    });

    const accountant = await createUser(db, { email: "accountant@voorbeeld.nl" });
    await db.insert(administrationMembers).values([
      { ownerId: user.id, email: "accountant@voorbeeld.nl", role: "accountant", memberId: accountant.id },
      { ownerId: accountant.id, email: "alles@voorbeeld.nl", role: "read_only" },
    ]);
    await db.insert(administrationAccessLog).values({
      ownerId: user.id,
      memberId: accountant.id,
      method: "GET",
      url: "/api/transactions",
      statusCode: 200,
    });

    await db.transaction((tx) =>
      eraseDataOf(tx, { email: "alles@voorbeeld.nl", userId: user.id }, new Date()),
    );
    // Who had access to the books, and the invitation to the address, go too.
    expect(await db.select().from(administrationMembers)).toEqual([]);
    expect(await db.select().from(administrationAccessLog)).toEqual([]);

    for (const [table, handling] of Object.entries(PERSONAL_DATA_TABLES)) {
      if (handling !== "account" && handling !== "unlinked") continue;
      const column = table === "users" ? sql.raw("id") : sql.raw("user_id");
      const [row] = rowsOf<{ n: number }>(
        await db.execute(
          sql`select count(*)::int as n from ${sql.identifier(table)} where ${column} = ${user.id}::uuid`,
        ),
      );
      // The account row itself stays, closed and emptied, as the owner of the kept books.
      expect(row!.n, table).toBe(table === "users" ? 1 : 0);
    }
  });

  it("a person without an account gets what the public site and its mail keep, and erasure removes it all", async () => {
    const db = database.db;
    const address = "Bezoeker@Voorbeeld.nl";
    await submitContactMessage(
      db,
      {
        name: "Bea",
        email: address,
        subject: "Vraag",
        message: "Hoi, een vraag over de btw.",
        inquiryType: "general",
        company: undefined,
        phone: undefined,
      },
      { ipAddress: "192.0.2.1", userAgent: null },
      new Date(),
      "support@balans.nl",
    );
    await db.insert(newsletterSignups).values({ email: "bezoeker@voorbeeld.nl" });
    await db.insert(formSecurityLogs).values({
      formType: "contact",
      ipAddress: "192.0.2.1",
      submittedData: { email: "bezoeker@voorbeeld.nl", message: "Hoi" },
    });
    await sendMail(db, {
      recipient: "bezoeker@voorbeeld.nl",
      subject: "We hebben je bericht ontvangen",
      text: "…",
    });
    // An account's invoice to the same address is that account's record, not the visitor's.
    const owner = await createUser(db);
    await sendMail(db, {
      recipient: "bezoeker@voorbeeld.nl",
      userId: owner.id,
      subject: "Factuur",
      text: "…",
    });

    const data = await exportAddressData(db, "bezoeker@voorbeeld.nl", new Date());
    expect(data.publicSite.contactMessages).toHaveLength(1);
    expect(data.publicSite.newsletter).toHaveLength(1);
    expect(data.publicSite.formSubmissions).toHaveLength(1);
    expect(data.mailsToYou.map((mail) => mail.subject)).toEqual([
      expect.stringMatching(/^We hebben je bericht ontvangen \(BAL-/),
      "We hebben je bericht ontvangen",
    ]);

    await db.transaction((tx) =>
      eraseDataOf(tx, { email: "bezoeker@voorbeeld.nl", userId: null }, new Date()),
    );
    const after = await exportAddressData(db, "bezoeker@voorbeeld.nl", new Date());
    expect(Object.values(after.publicSite).every((records) => records.length === 0)).toBe(true);
    expect(after.mailsToYou).toEqual([]);
    expect(await db.$count(outboxMessages, sql`${outboxMessages.userId} = ${owner.id}::uuid`)).toBe(1);
    // The team's copy of the contact message went too.
    expect(await db.$count(outboxMessages, sql`${outboxMessages.recipient} = 'support@balans.nl'`)).toBe(0);
  });
});
