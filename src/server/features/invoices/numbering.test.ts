import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SERIES_MESSAGES } from "../../../shared/invoices/series";
import { buildTestApp, type SignedIn, type TestApp } from "../../../../tests/app";
import { createClientRecord, createCompanyProfile } from "../../../../tests/factories";
import { createInvoice, invoiceBody, postJson as post } from "../../../../tests/invoices";

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
  t.now.value = new Date("2026-12-30T10:00:00Z");
});
afterAll(() => t.close());

async function freshUser(): Promise<{ user: SignedIn; clientId: string }> {
  const user = await t.signIn();
  await createCompanyProfile(t.database.db, user.user.id);
  return { user, clientId: (await createClientRecord(t.database.db, user.user.id)).id };
}

const putSeries = (user: SignedIn, format: string) =>
  user.request({ method: "PUT", url: "/api/invoices/series", payload: { format } });

describe("the number series (Settings → Facturen)", () => {
  it("starts with the default series and changes to a yearly one that starts again each year", async () => {
    const { user, clientId } = await freshUser();
    expect((await user.request({ method: "GET", url: "/api/invoices/series" })).json()).toEqual({
      format: "INV-{NNNNNN}",
      nextNumber: "INV-000001",
    });
    const changed = await putSeries(user, "{JJJJ}-{NNNN}");
    expect(changed.json()).toEqual({ format: "{JJJJ}-{NNNN}", nextNumber: "2026-0001" });
    const issue = async (issueDate: string) =>
      (await createInvoice(user, invoiceBody(clientId, { issueDate, dueDate: "2027-02-01", status: "sent" })))
        .invoiceNumber;
    expect(await issue("2026-12-30")).toBe("2026-0001");
    expect(await issue("2026-12-31")).toBe("2026-0002");
    expect(await issue("2027-01-02")).toBe("2027-0001");
    expect(await issue("2027-01-02")).toBe("2027-0002");
    // The draft shown before sending says which number it will get.
    const draft = await createInvoice(
      user,
      invoiceBody(clientId, { issueDate: "2027-01-03", dueDate: "2027-02-01" }),
    );
    const preview = (
      await user.request({ method: "GET", url: `/api/invoices/${draft.id}/send-preview` })
    ).json();
    expect(preview.invoiceNumber).toBe("2027-0003");
    const hint = await user.request({ method: "GET", url: "/api/invoices/next-number?issueDate=2027-01-03" });
    expect(hint.json()).toEqual({ invoiceNumber: "2027-0003" });
    const thisYear = await user.request({ method: "GET", url: "/api/invoices/next-number" });
    expect(thisYear.json()).toEqual({ invoiceNumber: "2026-0003" });
    const badDate = await user.request({ method: "GET", url: "/api/invoices/next-number?issueDate=morgen" });
    expect(badDate.statusCode).toBe(400);
    expect((await post(user, `/api/invoices/${draft.id}/mark-sent`)).json().invoiceNumber).toBe("2027-0003");
  });

  it.each([
    ["INV", SERIES_MESSAGES.counter],
    ["{NN}", SERIES_MESSAGES.counter],
    ["{NNNN}-{NNNN}", SERIES_MESSAGES.counter],
    ["F {NNNN}", SERIES_MESSAGES.characters],
    ["<script>{NNNN}", SERIES_MESSAGES.characters],
    ["FACTUUR-VAN-DE-VRIES-{JJJJ}-{NNNNNNNNNN}", SERIES_MESSAGES.tooLong],
    ["", "Vul een formaat in"],
  ])("refuses the format %j with a Dutch message, and keeps the old one", async (format, message) => {
    const { user } = await freshUser();
    const response = await putSeries(user, format);
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual({ format: message });
    expect((await user.request({ method: "GET", url: "/api/invoices/series" })).json().format).toBe(
      "INV-{NNNNNN}",
    );
  });

  it("keeps each user's series apart", async () => {
    const a = await freshUser();
    const b = await freshUser();
    await putSeries(a.user, "A{NNNN}");
    expect((await b.user.request({ method: "GET", url: "/api/invoices/series" })).json().format).toBe(
      "INV-{NNNNNN}",
    );
    expect(
      (
        await createInvoice(
          b.user,
          invoiceBody(b.clientId, { issueDate: "2026-12-30", dueDate: "2027-01-13", status: "sent" }),
        )
      ).invoiceNumber,
    ).toBe("INV-000001");
  });
});
