import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { InvoiceDetail } from "../../../shared/schemas/invoices";
import {
  QUOTE_MESSAGES,
  type PublicQuote,
  type Quote,
  type QuoteDetail,
} from "../../../shared/schemas/quotes";
import { outboxAttachments, outboxMessages, quotes } from "../../db/schema/index";
import { hashToken } from "../../tokens";
import { buildAppWithOwner, postFrom, type SignedIn, type TestApp } from "../../../../tests/app";
import { createClientRecord } from "../../../../tests/factories";
import { linkToken } from "../../../../tests/mail";
import { pdfText } from "../../../../tests/pdf-text";
import { PUBLIC_QUOTE_MESSAGES } from "./answering";
import { CONVERT_MESSAGES } from "./converting";
import { SEND_MESSAGES } from "./sending";
import { ONLY_DRAFT_DELETE_MESSAGE, ONLY_DRAFT_EDIT_MESSAGE, QUOTE_NOT_FOUND } from "./service";

let t: TestApp;
let owner: SignedIn;
let stranger: SignedIn;
let clientId: string;

beforeAll(async () => {
  ({ t, owner, stranger } = await buildAppWithOwner());
  clientId = (await createClientRecord(t.database.db, owner.user.id, { paymentTermsDays: 14 })).id;
});
afterAll(() => t.close());

/** 2 × 85,00 at 21% and 1,5 × 10,50 at 9%: 185,75 excl., VAT 35,70 + 1,42 = 37,12, total 222,87. */
const body = (overrides: object = {}) => ({
  clientId,
  issueDate: "2026-11-20",
  notes: "Inclusief twee correctierondes.",
  items: [
    { description: "Ontwerp homepage", quantity: 2, unitPrice: "85,00", vatCategory: "21" },
    { description: "Drukwerk", quantity: "1,5", unitPrice: "10,50", vatCategory: "9" },
  ],
  ...overrides,
});

const create = async (as: SignedIn, payload: object = body()): Promise<QuoteDetail> => {
  const response = await as.request({ method: "POST", url: "/api/quotes", payload });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
};
const post = (as: SignedIn, url: string, payload?: object) =>
  as.request({ method: "POST", url, ...(payload ? { payload } : {}) });
const getQuote = async (id: string): Promise<QuoteDetail> =>
  (await owner.request({ method: "GET", url: `/api/quotes/${id}` })).json();

/** Sends a new quote and answers the token from the link in its mail. */
async function sentQuote(payload: object = body()): Promise<{ quote: QuoteDetail; token: string }> {
  const draft = await create(owner, payload);
  const sent = await post(owner, `/api/quotes/${draft.id}/send`);
  expect(sent.statusCode, sent.body).toBe(200);
  const [mail] = await t.database.db
    .select()
    .from(outboxMessages)
    .where(eq(outboxMessages.reference, `quote:${draft.id}`));
  return { quote: sent.json().quote, token: linkToken(mail!.text, "/offerte") };
}

const publicPost = (path: string, payload: object, ip = "192.0.2.7") =>
  postFrom(t.app, `/api/public/quote${path}`, payload, { remoteAddress: ip });

describe("concepts", () => {
  it("stores the lines with the invoice's totals, valid for 30 days, without a number", async () => {
    const quote = await create(owner);
    expect(quote).toMatchObject({
      status: "draft",
      quoteNumber: null,
      validUntil: "2026-12-20",
      subtotal: "185.75",
      taxAmount: "37.12",
      total: "222.87",
      notes: "Inclusief twee correctierondes.",
      clientName: "Bakkerij De Korenschoof",
    });
    expect(quote.items.map((item) => [item.description, item.quantity, item.rate, item.amount])).toEqual([
      ["Ontwerp homepage", "2.00", "85.00", "170.00"],
      ["Drukwerk", "1.50", "10.50", "15.75"],
    ]);
  });

  it("refuses bad input with a Dutch message per field and stores nothing", async () => {
    const cases: Array<[object, string, string]> = [
      [{ clientId: "" }, "clientId", QUOTE_MESSAGES.clientRequired],
      [{ issueDate: "" }, "issueDate", QUOTE_MESSAGES.issueDateRequired],
      [{ issueDate: "2026-02-30" }, "issueDate", QUOTE_MESSAGES.invalidDate],
      [{ validUntil: "2026-11-19" }, "validUntil", QUOTE_MESSAGES.validUntilBeforeIssue],
      [{ items: [] }, "items", QUOTE_MESSAGES.linesRequired],
      [
        { items: [{ description: "", quantity: 1, unitPrice: 1, vatCategory: "21" }] },
        "items.0.description",
        QUOTE_MESSAGES.descriptionRequired,
      ],
      [
        { items: [{ description: "X", quantity: 0, unitPrice: 1, vatCategory: "21" }] },
        "items.0.quantity",
        QUOTE_MESSAGES.quantityPositive,
      ],
      [
        { items: [{ description: "X", quantity: 1, unitPrice: "tien", vatCategory: "21" }] },
        "items.0.unitPrice",
        QUOTE_MESSAGES.unitPriceInvalid,
      ],
      [
        { items: [{ description: "X", quantity: 1, unitPrice: "1.000", vatCategory: "21" }] },
        "items.0.unitPrice",
        QUOTE_MESSAGES.amountAmbiguous,
      ],
      [
        { items: [{ description: "X", quantity: 1, unitPrice: 1, vatCategory: "12" }] },
        "items.0.vatCategory",
        QUOTE_MESSAGES.vatCategoryInvalid,
      ],
      [{ notes: "x".repeat(5001) }, "notes", QUOTE_MESSAGES.notesTooLong],
    ];
    const listBefore = (await owner.request({ method: "GET", url: "/api/quotes" })).json() as Quote[];
    for (const [overrides, field, message] of cases) {
      const response = await post(owner, "/api/quotes", body(overrides));
      expect(response.statusCode, field).toBe(400);
      expect(response.json().fieldErrors[field], field).toBe(message);
    }
    const strangersClient = await createClientRecord(t.database.db, stranger.user.id);
    const foreign = await post(owner, "/api/quotes", body({ clientId: strangersClient.id }));
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().fieldErrors).toEqual({ clientId: "Klant niet gevonden" });
    const listAfter = (await owner.request({ method: "GET", url: "/api/quotes" })).json() as Quote[];
    expect(listAfter).toHaveLength(listBefore.length);
  });

  it("edits and deletes a concept", async () => {
    const quote = await create(owner);
    const updated = await owner.request({
      method: "PUT",
      url: `/api/quotes/${quote.id}`,
      payload: body({
        validUntil: "2027-01-31",
        items: [{ description: "Logo", quantity: 1, unitPrice: 500, vatCategory: "21" }],
      }),
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ validUntil: "2027-01-31", total: "605.00" });
    expect(updated.json().items).toHaveLength(1);
    const deleted = await owner.request({ method: "DELETE", url: `/api/quotes/${quote.id}` });
    expect(deleted.statusCode).toBe(204);
    expect((await owner.request({ method: "GET", url: `/api/quotes/${quote.id}` })).statusCode).toBe(404);
  });

  it("answers 404 for another user's quote on every route", async () => {
    const quote = await create(owner);
    const requests = [
      stranger.request({ method: "GET", url: `/api/quotes/${quote.id}` }),
      stranger.request({ method: "GET", url: `/api/quotes/${quote.id}/pdf` }),
      stranger.request({ method: "PUT", url: `/api/quotes/${quote.id}`, payload: body() }),
      stranger.request({ method: "DELETE", url: `/api/quotes/${quote.id}` }),
      post(stranger, `/api/quotes/${quote.id}/send`),
      post(stranger, `/api/quotes/${quote.id}/convert`),
      stranger.request({ method: "GET", url: "/api/quotes/not-a-uuid" }),
    ];
    for (const response of await Promise.all(requests)) {
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(QUOTE_NOT_FOUND);
    }
    expect((await stranger.request({ method: "GET", url: "/api/quotes" })).json()).toEqual([]);
    expect((await getQuote(quote.id)).status).toBe("draft");
  });
});

describe("sending", () => {
  it("numbers the quote in its own gapless series and mails the PDF with the public link", async () => {
    const noEmail = await createClientRecord(t.database.db, owner.user.id, { email: null });
    const failing = await create(owner, body({ clientId: noEmail.id }));
    const refused = await post(owner, `/api/quotes/${failing.id}/send`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(SEND_MESSAGES.noEmail);
    expect(await getQuote(failing.id)).toMatchObject({ status: "draft", quoteNumber: null });

    const first = await sentQuote();
    const second = await sentQuote();
    // The refused send took no number.
    expect([first.quote.quoteNumber, second.quote.quoteNumber]).toEqual(["OFF-2026-0001", "OFF-2026-0002"]);
    expect(first.quote).toMatchObject({ status: "sent", clientName: "Bakkerij De Korenschoof" });
    expect(first.quote.mails).toHaveLength(1);

    const [mail] = await t.database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.reference, `quote:${first.quote.id}`));
    expect(mail).toMatchObject({
      recipient: "els@korenschoof.nl",
      subject: "Offerte OFF-2026-0001 van De Vries Ontwerp",
    });
    expect(mail!.text).toContain("http://localhost:5000/offerte?token=");
    // Only the token's hash is kept.
    const [row] = await t.database.db.select().from(quotes).where(eq(quotes.id, first.quote.id));
    expect(row!.publicTokenHash).toBe(hashToken(first.token));
    expect(JSON.stringify(row)).not.toContain(first.token);

    const [attachment] = await t.database.db
      .select()
      .from(outboxAttachments)
      .where(eq(outboxAttachments.messageId, mail!.id));
    expect(attachment!.filename).toBe("OFF-2026-0001.pdf");
    const [page] = await pdfText(attachment!.content);
    for (const text of ["OFFERTE", "Offerte aan", "Offertenummer", "OFF-2026-0001", "Geldig tot en met"]) {
      expect(page).toContain(text);
    }
    expect(page).toContain("20-12-2026");
    expect(page).toContain("€ 222,87");
    expect(page).not.toContain("overmaken");

    const again = await post(owner, `/api/quotes/${first.quote.id}/send`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(SEND_MESSAGES.alreadySent);
    const edit = await owner.request({
      method: "PUT",
      url: `/api/quotes/${first.quote.id}`,
      payload: body(),
    });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().message).toBe(ONLY_DRAFT_EDIT_MESSAGE);
    const remove = await owner.request({ method: "DELETE", url: `/api/quotes/${first.quote.id}` });
    expect(remove.statusCode).toBe(409);
    expect(remove.json().message).toBe(ONLY_DRAFT_DELETE_MESSAGE);
  });

  it("downloads the owner's PDF of a concept, marked as such", async () => {
    const quote = await create(owner);
    const response = await owner.request({ method: "GET", url: `/api/quotes/${quote.id}/pdf` });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/pdf");
    const [page] = await pdfText(response.rawPayload);
    expect(page).toContain("OFFERTE (CONCEPT)");
    expect(page).toContain("CONCEPT");
  });
});

describe("the public page", () => {
  it("shows the quote and its PDF to whoever has the link; a guessed link finds nothing", async () => {
    const { quote, token } = await sentQuote();
    const view = await publicPost("", { token });
    expect(view.statusCode, view.body).toBe(200);
    const shown: PublicQuote = view.json();
    expect(shown).toMatchObject({
      quoteNumber: quote.quoteNumber,
      status: "sent",
      sellerName: "De Vries Ontwerp",
      total: "222.87",
      answer: null,
    });
    expect(shown.lines).toHaveLength(2);
    const pdf = await t.app.inject({ method: "GET", url: `/api/public/quote/pdf?token=${token}` });
    expect(pdf.statusCode).toBe(200);
    expect((await pdfText(pdf.rawPayload))[0]).toContain(quote.quoteNumber!);

    for (const guessed of ["x".repeat(43), token.slice(0, -1)]) {
      const response = await publicPost("", { token: guessed });
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(PUBLIC_QUOTE_MESSAGES.unknownLink);
      const accept = await publicPost("/accept", { token: guessed, name: "Els" });
      expect(accept.statusCode).toBe(404);
    }
  });

  it("accepts once with the typed name, time and address; a second answer changes nothing", async () => {
    const { quote, token } = await sentQuote();
    const noName = await publicPost("/accept", { token, name: " " });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().fieldErrors.name).toBe(QUOTE_MESSAGES.nameRequired);

    t.now.value = new Date("2026-11-22T09:30:00Z");
    const accepted = await publicPost("/accept", { token, name: "Els de Bakker" }, "198.51.100.4");
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().answer).toEqual({
      status: "accepted",
      name: "Els de Bakker",
      answeredAt: "2026-11-22T09:30:00.000Z",
    });

    const seen = await getQuote(quote.id);
    expect(seen.status).toBe("accepted");
    expect(seen.answer).toEqual({
      status: "accepted",
      name: "Els de Bakker",
      reason: null,
      answeredAt: "2026-11-22T09:30:00.000Z",
      ip: "198.51.100.4",
    });

    const [row] = await t.database.db.select().from(quotes).where(eq(quotes.id, quote.id));
    for (const [path, payload] of [
      ["/accept", { token, name: "Iemand anders" }],
      ["/decline", { token, reason: "Toch niet" }],
    ] as const) {
      const again = await publicPost(path, payload);
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(
        "Deze offerte is al geaccepteerd op 22-11-2026; een offerte kan maar één keer worden beantwoord.",
      );
    }
    const [after] = await t.database.db.select().from(quotes).where(eq(quotes.id, quote.id));
    expect(after).toEqual(row);
    t.now.value = new Date("2026-11-20T10:00:00Z");
  });

  it("declines with an optional reason, which the owner sees", async () => {
    const { quote, token } = await sentQuote();
    const tooLong = await publicPost("/decline", { token, reason: "x".repeat(1001) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().fieldErrors.reason).toBe(QUOTE_MESSAGES.reasonTooLong);
    const declined = await publicPost("/decline", { token, reason: "Te duur voor nu." });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(await getQuote(quote.id)).toMatchObject({
      status: "declined",
      answer: { status: "declined", reason: "Te duur voor nu.", name: null, ip: "192.0.2.7" },
    });
    const convert = await post(owner, `/api/quotes/${quote.id}/convert`);
    expect(convert.statusCode).toBe(409);
    expect(convert.json().message).toBe(CONVERT_MESSAGES.notAccepted);
  });

  it("an expired quote reads 'verlopen' and cannot be answered", async () => {
    const { quote, token } = await sentQuote(body({ validUntil: "2026-11-25" }));
    t.now.value = new Date("2026-11-25T23:30:00Z"); // 26 November, 00:30 in Amsterdam
    try {
      expect((await getQuote(quote.id)).status).toBe("expired");
      const expired = (await owner.request({ method: "GET", url: "/api/quotes?status=expired" })).json();
      expect(expired.map((row: Quote) => row.id)).toContain(quote.id);
      const sent = (await owner.request({ method: "GET", url: "/api/quotes?status=sent" })).json();
      expect(sent.map((row: Quote) => row.id)).not.toContain(quote.id);

      const [row] = await t.database.db.select().from(quotes).where(eq(quotes.id, quote.id));
      const accept = await publicPost("/accept", { token, name: "Els de Bakker" });
      expect(accept.statusCode).toBe(409);
      expect(accept.json().message).toBe(
        "Deze offerte was geldig tot en met 25-11-2026 en kan niet meer worden geaccepteerd. Vraag De Vries Ontwerp om een nieuwe offerte.",
      );
      expect((await publicPost("/decline", { token })).statusCode).toBe(409);
      expect((await publicPost("", { token })).json().status).toBe("expired");
      const [after] = await t.database.db.select().from(quotes).where(eq(quotes.id, quote.id));
      expect(after).toEqual(row);
    } finally {
      t.now.value = new Date("2026-11-20T10:00:00Z");
    }
  });
});

describe("omzetten naar factuur", () => {
  async function acceptedQuote(payload: object = body()) {
    const { quote, token } = await sentQuote(payload);
    const accepted = await publicPost("/accept", { token, name: "Els de Bakker" });
    expect(accepted.statusCode, accepted.body).toBe(200);
    return quote;
  }

  it("turns an accepted quote into a draft invoice once, linked both ways", async () => {
    const sent = await sentQuote();
    const early = await post(owner, `/api/quotes/${sent.quote.id}/convert`);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(CONVERT_MESSAGES.notAccepted);

    const quote = await acceptedQuote();
    const converted = await post(owner, `/api/quotes/${quote.id}/convert`);
    expect(converted.statusCode, converted.body).toBe(201);
    const detail: QuoteDetail = converted.json();
    expect(detail.invoiceId).not.toBeNull();
    expect(detail.depositPercentage).toBeNull();

    const invoice: InvoiceDetail = (
      await owner.request({ method: "GET", url: `/api/invoices/${detail.invoiceId}` })
    ).json();
    expect(invoice).toMatchObject({
      status: "draft",
      invoiceNumber: null,
      clientId,
      issueDate: "2026-11-20",
      dueDate: "2026-12-04",
      subtotal: "185.75",
      taxAmount: "37.12",
      total: "222.87",
    });
    expect(invoice.notes).toContain(`Volgens offerte ${quote.quoteNumber} van 20-11-2026.`);
    expect(
      invoice.items.map((item) => [item.description, item.quantity, item.rate, item.vatCategory]),
    ).toEqual([
      ["Ontwerp homepage", "2.00", "85.00", "21"],
      ["Drukwerk", "1.50", "10.50", "9"],
    ]);
    const back = await owner.request({ method: "GET", url: `/api/quotes/by-invoice/${invoice.id}` });
    expect(back.json()).toEqual({ id: quote.id, quoteNumber: quote.quoteNumber });
    expect(
      (await stranger.request({ method: "GET", url: `/api/quotes/by-invoice/${invoice.id}` })).json(),
    ).toBeNull();

    const invoicesBefore = (await owner.request({ method: "GET", url: "/api/invoices" })).json().length;
    for (const payload of [undefined, { depositPercentage: 50 }]) {
      const twice = await post(owner, `/api/quotes/${quote.id}/convert`, payload);
      expect(twice.statusCode).toBe(409);
      expect(twice.json().message).toBe(CONVERT_MESSAGES.alreadyConverted(quote.quoteNumber!));
    }
    expect((await owner.request({ method: "GET", url: "/api/invoices" })).json()).toHaveLength(
      invoicesBefore,
    );
  });

  it("makes a deposit invoice for a percentage, per VAT rate, to the cent", async () => {
    // 1 × 1.234,56 at 21% and 3 × 33,33 at 9%; 30%: 370,368 → 370,37 and 29,997 → 30,00.
    const quote = await acceptedQuote(
      body({
        items: [
          { description: "Website", quantity: 1, unitPrice: "1.234,56", vatCategory: "21" },
          { description: "Fotografie", quantity: 3, unitPrice: "33,33", vatCategory: "9" },
        ],
      }),
    );
    for (const [value, message] of [
      [0, QUOTE_MESSAGES.percentageInvalid],
      [100.5, QUOTE_MESSAGES.percentageInvalid],
      ["dertig", QUOTE_MESSAGES.percentageInvalid],
      ["12,345", QUOTE_MESSAGES.percentageInvalid],
    ] as const) {
      const refused = await post(owner, `/api/quotes/${quote.id}/convert`, { depositPercentage: value });
      expect(refused.statusCode, String(value)).toBe(400);
      expect(refused.json().fieldErrors.depositPercentage).toBe(message);
    }
    const converted = await post(owner, `/api/quotes/${quote.id}/convert`, { depositPercentage: "30" });
    expect(converted.statusCode, converted.body).toBe(201);
    expect(converted.json().depositPercentage).toBe(3000);
    const invoice: InvoiceDetail = (
      await owner.request({ method: "GET", url: `/api/invoices/${converted.json().invoiceId}` })
    ).json();
    expect(invoice.items.map((item) => [item.description, item.rate, item.vatCategory])).toEqual([
      [`Aanbetaling 30% volgens offerte ${quote.quoteNumber} (21% btw)`, "370.37", "21"],
      [`Aanbetaling 30% volgens offerte ${quote.quoteNumber} (9% btw)`, "30.00", "9"],
    ]);
    // VAT: 21% of 370,37 = 77,7777 → 77,78; 9% of 30,00 = 2,70.
    expect(invoice).toMatchObject({ subtotal: "400.37", taxAmount: "80.48", total: "480.85" });
  });
});

describe("the list", () => {
  it("filters by status, the derived 'verlopen' included, and refuses an unknown status", async () => {
    const all: Quote[] = (await owner.request({ method: "GET", url: "/api/quotes" })).json();
    for (const status of ["draft", "sent", "accepted", "declined"] as const) {
      const rows: Quote[] = (
        await owner.request({ method: "GET", url: `/api/quotes?status=${status}` })
      ).json();
      expect(rows.length, status).toBeGreaterThan(0);
      expect(rows.every((row) => row.status === status)).toBe(true);
      expect(rows.length).toBe(all.filter((row) => row.status === status).length);
    }
    const wrong = await owner.request({ method: "GET", url: "/api/quotes?status=betaald" });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fieldErrors.status).toBe(QUOTE_MESSAGES.statusInvalid);
  });
});
