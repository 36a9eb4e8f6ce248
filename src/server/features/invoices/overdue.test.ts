import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type SignedIn, type TestApp } from "../../../../tests/app";
import { createClientRecord, createCompanyProfile } from "../../../../tests/factories";
import { createInvoice, issuedInvoice, ONE_LINE, ONE_LINE_TOTALS } from "../../../../tests/invoices";
import { listOpenOverdueInvoices } from "./overdue";

let t: TestApp;
let owner: SignedIn;
let other: SignedIn;

beforeAll(async () => {
  t = await buildTestApp();
  t.now.value = new Date("2026-11-20T10:00:00Z");
  owner = await t.signIn();
  other = await t.signIn();
  await createCompanyProfile(t.database.db, owner.user.id);
  await createCompanyProfile(t.database.db, other.user.id);
});
afterAll(() => t.close());

async function invoiceOf(as: SignedIn, dueDate: string, issue = true) {
  const client = await createClientRecord(t.database.db, as.user.id);
  const body = {
    clientId: client.id,
    issueDate: "2026-11-20",
    dueDate,
    items: ONE_LINE,
    ...ONE_LINE_TOTALS,
    status: "draft",
  };
  return issue ? issuedInvoice(as, body) : createInvoice(as, body);
}

describe("listOpenOverdueInvoices", () => {
  it("answers the given users' sent invoices still open after their due date, and nothing else", async () => {
    const overdue = await invoiceOf(owner, "2026-12-01");
    const dueToday = await invoiceOf(owner, "2026-12-10");
    await invoiceOf(owner, "2026-12-01", false);
    const paid = await invoiceOf(owner, "2026-12-01");
    const markedPaid = await owner.request({
      method: "POST",
      url: `/api/invoices/${paid.id}/mark-paid`,
      payload: { paidDate: "2026-12-02" },
    });
    expect(markedPaid.statusCode, markedPaid.body).toBe(200);
    const credited = await invoiceOf(owner, "2026-12-01");
    const credit = await owner.request({
      method: "POST",
      url: `/api/invoices/${credited.id}/credit`,
      payload: { issueDate: "2026-11-20" },
    });
    expect(credit.statusCode, credit.body).toBe(201);
    const ofOther = await invoiceOf(other, "2026-11-30");

    const ids = async (userIds: string[]) =>
      (await listOpenOverdueInvoices(t.database.db, userIds, "2026-12-10")).map((row) => row.id);
    expect(await ids([owner.user.id])).toEqual([overdue.id]);
    expect(new Set(await ids([owner.user.id, other.user.id]))).toEqual(new Set([overdue.id, ofOther.id]));
    expect(await ids([])).toEqual([]);
    // The day after its due date, the invoice due on the 10th is overdue too.
    expect(
      (await listOpenOverdueInvoices(t.database.db, [owner.user.id], "2026-12-11")).map((row) => row.id),
    ).toEqual([overdue.id, dueToday.id]);
  });
});
