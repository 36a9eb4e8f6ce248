import { readFile } from "node:fs/promises";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ImportReport } from "../../../shared/schemas/imports";
import type { NotificationList } from "../../../shared/schemas/notifications";
import { buildTestApp, type SignedIn, type TestApp } from "../../../../tests/app";
import { imported, importFile } from "../../../../tests/bank";
import { MIGRATIONS_FOLDER } from "../../db/migrate";

/** decisions.md: a failed or partly failed import is announced by the bell until its report is read. */
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const importCsv = (as: SignedIn, csv: string, fileName = "export.csv") =>
  as.request({
    method: "POST",
    url: "/api/transactions/import",
    query: { fileName },
    headers: { "content-type": "text/csv" },
    payload: csv,
  });

const GOOD_AND_BAD = [
  "Datum;Bedrag;Omschrijving;BTW;Categorie",
  "05-01-2026;100,00;Factuur januari;21;Omzet",
  "07-01-2026;abc;Kapot bedrag;21;",
  "31-02-2026;10;Geen datum;21;",
].join("\r\n");

async function importNotifications(as: SignedIn) {
  const response = await as.request({ method: "GET", url: "/api/notifications" });
  expect(response.statusCode).toBe(200);
  return (response.json() as NotificationList).items.filter((item) => item.kind === "import_failed");
}

const reportIdOf = (href: string) => new URL(href, "http://x").searchParams.get("importverslag")!;

describe("import reports", () => {
  it("a partly failed CSV import is announced, its report lists the rows, and 'Gelezen' ends it", async () => {
    const user = await t.signIn();
    expect((await importCsv(user, GOOD_AND_BAD, "jan.csv")).statusCode).toBe(200);

    const [notification, ...others] = await importNotifications(user);
    expect(others).toEqual([]);
    expect(notification).toMatchObject({
      title: "Import van 'jan.csv' deels mislukt",
      description: expect.stringMatching(/^2 rijen niet geïmporteerd, 1 wel · \d{2}-\d{2}-\d{4}$/),
      href: expect.stringMatching(/^\/app\/transactions\?importverslag=[0-9a-f-]{36}$/),
    });
    const id = reportIdOf(notification!.href);

    const report = await user.request({ method: "GET", url: `/api/import-reports/${id}` });
    expect(report.statusCode).toBe(200);
    expect(report.json()).toMatchObject({
      source: "transactions",
      fileName: "jan.csv",
      refused: false,
      imported: 1,
      failed: 2,
      rowErrors: [
        { row: 3, message: "Ongeldig bedrag 'abc'" },
        { row: 4, message: "Ongeldige datum '31-02-2026'" },
      ],
      messages: ["Rij 3: Ongeldig bedrag 'abc'", "Rij 4: Ongeldige datum '31-02-2026'"],
      readAt: null,
    });

    const read = await user.request({ method: "POST", url: `/api/import-reports/${id}/read` });
    expect(read.statusCode).toBe(200);
    const readAt = (read.json() as ImportReport).readAt;
    expect(readAt).not.toBeNull();
    expect(await importNotifications(user)).toEqual([]);
    // Reading it again keeps the first time.
    const again = await user.request({ method: "POST", url: `/api/import-reports/${id}/read` });
    expect((again.json() as ImportReport).readAt).toBe(readAt);
  });

  it("re-importing the same file reports only the failed rows, not the rows already there", async () => {
    const user = await t.signIn();
    await importCsv(user, GOOD_AND_BAD);
    await importCsv(user, GOOD_AND_BAD);
    const notifications = await importNotifications(user);
    expect(notifications).toHaveLength(2);
    const report = await user.request({
      method: "GET",
      url: `/api/import-reports/${reportIdOf(notifications[0]!.href)}`,
    });
    expect(report.json()).toMatchObject({
      imported: 0,
      failed: 2,
      messages: [expect.any(String), expect.any(String)],
    });
    expect((report.json() as ImportReport).rowErrors.map((error) => error.row)).toEqual([3, 4]);
  });

  it("a clean import leaves nothing to report", async () => {
    const user = await t.signIn();
    const clean = ["Datum;Bedrag;Omschrijving;BTW", "05-01-2026;100,00;Factuur;21"].join("\n");
    expect((await importCsv(user, clean)).statusCode).toBe(200);
    expect(await importNotifications(user)).toEqual([]);
  });

  it("a refused file is reported with its reason, from either import", async () => {
    const user = await t.signIn();
    const refused = await importCsv(user, "Datum;Bedrag\n", "leeg.csv");
    expect(refused.statusCode).toBe(400);
    const bank = await importFile(user, "dit is geen bankbestand");
    expect(bank.statusCode).toBe(400);

    const notifications = await importNotifications(user);
    expect(notifications.map((item) => item.title).sort()).toEqual([
      "Import van 'afschrift' mislukt",
      "Import van 'leeg.csv' mislukt",
    ]);
    const bankNotification = notifications.find((item) => item.title.includes("afschrift"))!;
    expect(bankNotification.href).toMatch(/^\/app\/bank\?importverslag=/);
    expect(bankNotification.description).toContain(bank.answer.message!);
    const report = await user.request({
      method: "GET",
      url: `/api/import-reports/${reportIdOf(bankNotification.href)}`,
    });
    expect(report.json()).toMatchObject({
      source: "bank",
      refused: true,
      imported: 0,
      rowErrors: [{ row: null, message: bank.answer.message }],
      messages: [bank.answer.message],
    });
  });

  it("a bank file imported without its unreadable rows reports them as the import answered them", async () => {
    const user = await t.signIn();
    const iban = "NL91ABNA0417164300";
    const [account] = (await user.request({ method: "GET", url: "/api/bank-accounts" })).json();
    const updated = await user.request({
      method: "PUT",
      url: `/api/bank-accounts/${account.id}`,
      payload: { name: "Zakelijk", iban, openingBalance: "0,00", openingDate: "2026-01-01" },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    const row = (date: string, name: string) =>
      `"${date}";"${name}";"${iban}";"NL20INGB0001234567";"GT";"Af";"1,00";"Online bankieren";"";"100,00";""`;
    const file = [
      '"Datum";"Naam / Omschrijving";"Rekening";"Tegenrekening";"Code";"Af Bij";"Bedrag (EUR)";"Mutatiesoort";"Mededelingen";"Saldo na mutatie";"Tag"',
      row("20261104", "Drukkerij"),
      row("20261131", "Kapot"),
      row("20261103", "Koffie"),
    ].join("\r\n");
    const answer = await imported(user, file, "&skipBadRows=true");
    expect(answer.rowErrors).toHaveLength(1);

    const [notification] = await importNotifications(user);
    const report = await user.request({
      method: "GET",
      url: `/api/import-reports/${reportIdOf(notification!.href)}`,
    });
    expect(report.json()).toMatchObject({
      source: "bank",
      refused: false,
      imported: 2,
      failed: 1,
      rowErrors: answer.rowErrors,
      messages: [`Rij 3: ${answer.rowErrors[0]!.message}`],
    });
  });

  it("a wrong form field is answered on the form, not reported", async () => {
    const user = await t.signIn();
    const response = await user.request({
      method: "POST",
      url: "/api/transactions/import",
      query: { bankAccountId: "00000000-0000-4000-8000-000000000000" },
      headers: { "content-type": "text/csv" },
      payload: GOOD_AND_BAD,
    });
    expect(response.statusCode).toBe(400);
    expect(await importNotifications(user)).toEqual([]);
  });

  it("another user's report, or no report, answers 404 and cannot be marked read", async () => {
    const owner = await t.signIn();
    const stranger = await t.signIn();
    await importCsv(owner, GOOD_AND_BAD);
    const id = reportIdOf((await importNotifications(owner))[0]!.href);
    for (const url of [`/api/import-reports/${id}`, "/api/import-reports/not-an-id"]) {
      const response = await stranger.request({ method: "GET", url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json().message).toBe("Importverslag niet gevonden");
    }
    const read = await stranger.request({ method: "POST", url: `/api/import-reports/${id}/read` });
    expect(read.statusCode).toBe(404);
    expect(await importNotifications(owner)).toHaveLength(1);
    expect(await importNotifications(stranger)).toEqual([]);
  });

  it("reports kept as text before migration 0047 read as rows, the refusal as a message without a row", async () => {
    const user = await t.signIn();
    const db = t.database.db;
    const insertReport = async (refused: boolean, messages: unknown[]) => {
      const result = await db.execute<{ id: string }>(sql`
        insert into import_reports (user_id, source, file_name, refused, imported, failed, messages)
        values (${user.user.id}, 'transactions', 'oud.csv', ${refused}, 0, ${messages.length},
          ${JSON.stringify(messages)}::jsonb)
        returning id`);
      return (result as unknown as { rows: Array<{ id: string }> }).rows[0]!.id;
    };
    const partly = await insertReport(false, [
      "Rij 2: Ongeldig bedrag 'abc'",
      "Rij 10: Rij 4: tekst met een dubbele punt",
      "Rij 100: Ongeldige datum '31-02-2026'",
    ]);
    const refused = await insertReport(true, ["Rijen ontbreken: het bestand is leeg"]);
    const current = await insertReport(false, [{ row: 7, message: "Al in de nieuwe vorm" }]);

    const migration = await readFile(`${MIGRATIONS_FOLDER}/0047_import-report-rows.sql`, "utf8");
    const statement = migration.replace(/^\s*--.*$/gm, "").trim();
    expect(statement).toMatch(/^UPDATE "import_reports"/);
    // Twice: the second run finds nothing left to convert.
    await db.execute(sql.raw(statement));
    await db.execute(sql.raw(statement));
    const stored = async (id: string) =>
      (
        (await db.execute(sql`select messages from import_reports where id = ${id}`)) as unknown as {
          rows: Array<{ messages: unknown }>;
        }
      ).rows[0]!.messages;
    expect(await stored(partly)).toEqual([
      { row: 2, message: "Ongeldig bedrag 'abc'" },
      { row: 10, message: "Rij 4: tekst met een dubbele punt" },
      { row: 100, message: "Ongeldige datum '31-02-2026'" },
    ]);
    expect(await stored(refused)).toEqual([{ row: null, message: "Rijen ontbreken: het bestand is leeg" }]);
    // A server still on the older code during a deploy may write text after the migration: it reads the same.
    const lateText = await insertReport(false, ["Rij 3: Ongeldig bedrag 'x'"]);

    const reportOf = async (id: string) =>
      (await user.request({ method: "GET", url: `/api/import-reports/${id}` })).json() as ImportReport;
    expect(await reportOf(partly)).toMatchObject({
      rowErrors: [
        { row: 2, message: "Ongeldig bedrag 'abc'" },
        { row: 10, message: "Rij 4: tekst met een dubbele punt" },
        { row: 100, message: "Ongeldige datum '31-02-2026'" },
      ],
      messages: [
        "Rij 2: Ongeldig bedrag 'abc'",
        "Rij 10: Rij 4: tekst met een dubbele punt",
        "Rij 100: Ongeldige datum '31-02-2026'",
      ],
    });
    expect(await reportOf(refused)).toMatchObject({
      rowErrors: [{ row: null, message: "Rijen ontbreken: het bestand is leeg" }],
      messages: ["Rijen ontbreken: het bestand is leeg"],
    });
    expect(await reportOf(current)).toMatchObject({
      rowErrors: [{ row: 7, message: "Al in de nieuwe vorm" }],
    });
    expect(await reportOf(lateText)).toMatchObject({
      rowErrors: [{ row: 3, message: "Ongeldig bedrag 'x'" }],
      messages: ["Rij 3: Ongeldig bedrag 'x'"],
    });
  });

  it("is part of the data export", async () => {
    const user = await t.signIn();
    await importCsv(user, GOOD_AND_BAD, "export-test.csv");
    const response = await user.request({ method: "GET", url: "/api/privacy/export" });
    expect(response.statusCode).toBe(200);
    expect(response.json().importReports).toMatchObject([{ fileName: "export-test.csv", failed: 2 }]);
  });
});
