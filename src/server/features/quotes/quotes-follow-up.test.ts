import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatEuro } from "../../../shared/format";
import type { QuoteDetail } from "../../../shared/schemas/quotes";
import { outboxMessages, quotes } from "../../db/schema/index";
import { hashToken } from "../../tokens";
import { buildAppWithOwner, postFrom, type SignedIn, type TestApp } from "../../../../tests/app";
import { createClientRecord } from "../../../../tests/factories";
import { linkToken } from "../../../../tests/mail";
import { PUBLIC_QUOTE_MESSAGES, quoteAnswerMailReference } from "./answering";
import { SEND_MESSAGES } from "./sending";
import { QUOTE_NOT_FOUND } from "./service";

let t: TestApp;
let owner: SignedIn;
let stranger: SignedIn;
let clientId: string;

beforeAll(async () => {
  ({ t, owner, stranger } = await buildAppWithOwner());
  clientId = (await createClientRecord(t.database.db, owner.user.id, { paymentTermsDays: 14 })).id;
});
afterAll(() => t.close());

/** 2 × 85,00 at 21%: 170,00 excl., total 205,70. */
const body = (overrides: object = {}) => ({
  clientId,
  issueDate: "2026-11-20",
  items: [{ description: "Ontwerp homepage", quantity: 2, unitPrice: "85,00", vatCategory: "21" }],
  ...overrides,
});

const post = (as: SignedIn, url: string) => as.request({ method: "POST", url });

const mailsOf = (reference: string) =>
  t.database.db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.userId, owner.user.id), eq(outboxMessages.reference, reference)))
    .orderBy(asc(outboxMessages.createdAt));

async function draftQuote(overrides: object = {}): Promise<QuoteDetail> {
  const response = await owner.request({ method: "POST", url: "/api/quotes", payload: body(overrides) });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

async function sentQuote(overrides: object = {}): Promise<{ quote: QuoteDetail; token: string }> {
  const draft = await draftQuote(overrides);
  const sent = await post(owner, `/api/quotes/${draft.id}/send`);
  expect(sent.statusCode, sent.body).toBe(200);
  const [mail] = await mailsOf(`quote:${draft.id}`);
  return { quote: sent.json().quote, token: linkToken(mail!.text, "/offerte") };
}

const publicPost = (path: string, payload: object) =>
  postFrom(t.app, `/api/public/quote${path}`, payload, { remoteAddress: "192.0.2.7" });

describe("Opnieuw versturen", () => {
  it("mails a sent quote again with a new link; the old link stops working", async () => {
    const { quote, token } = await sentQuote();
    t.now.value = new Date("2026-11-23T10:00:00Z");
    try {
      const resent = await post(owner, `/api/quotes/${quote.id}/resend`);
      expect(resent.statusCode, resent.body).toBe(200);
      expect(resent.json()).toMatchObject({ recipient: "els@korenschoof.nl", delivery: "no-mail-server" });
      // Same number, still waiting for an answer; both mails on the quote's timeline.
      expect(resent.json().quote).toMatchObject({ status: "sent", quoteNumber: quote.quoteNumber });
      expect(resent.json().quote.mails).toHaveLength(2);

      const mails = await mailsOf(`quote:${quote.id}`);
      expect(mails).toHaveLength(2);
      expect(mails[1]).toMatchObject({
        recipient: "els@korenschoof.nl",
        subject: mails[0]!.subject,
      });
      const newToken = linkToken(mails[1]!.text, "/offerte");
      expect(newToken).not.toBe(token);
      const [row] = await t.database.db.select().from(quotes).where(eq(quotes.id, quote.id));
      expect(row!.publicTokenHash).toBe(hashToken(newToken));

      const old = await publicPost("", { token });
      expect(old.statusCode).toBe(404);
      expect(old.json().message).toBe(PUBLIC_QUOTE_MESSAGES.unknownLink);
      const fresh = await publicPost("", { token: newToken });
      expect(fresh.statusCode, fresh.body).toBe(200);
    } finally {
      t.now.value = new Date("2026-11-20T10:00:00Z");
    }
  });

  it("refuses a concept, an answered and an expired quote with their message, and sends nothing", async () => {
    const draft = await draftQuote();
    const notSent = await post(owner, `/api/quotes/${draft.id}/resend`);
    expect(notSent.statusCode).toBe(409);
    expect(notSent.json().message).toBe(SEND_MESSAGES.notSentYet);
    expect(await mailsOf(`quote:${draft.id}`)).toHaveLength(0);

    const accepted = await sentQuote();
    await publicPost("/accept", { token: accepted.token, name: "Els de Bakker" });
    const declined = await sentQuote();
    await publicPost("/decline", { token: declined.token });
    for (const [quote, message] of [
      [accepted.quote, SEND_MESSAGES.alreadyAnswered(true)],
      [declined.quote, SEND_MESSAGES.alreadyAnswered(false)],
    ] as const) {
      const refused = await post(owner, `/api/quotes/${quote.id}/resend`);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(message);
      expect(await mailsOf(`quote:${quote.id}`)).toHaveLength(1);
    }

    const expiring = await sentQuote({ validUntil: "2026-11-25" });
    const [before] = await t.database.db.select().from(quotes).where(eq(quotes.id, expiring.quote.id));
    t.now.value = new Date("2026-11-26T10:00:00Z");
    try {
      const expired = await post(owner, `/api/quotes/${expiring.quote.id}/resend`);
      expect(expired.statusCode).toBe(409);
      expect(expired.json().message).toBe(SEND_MESSAGES.expiredResend("2026-11-25"));
      const [after] = await t.database.db.select().from(quotes).where(eq(quotes.id, expiring.quote.id));
      expect(after).toEqual(before);
      expect(await mailsOf(`quote:${expiring.quote.id}`)).toHaveLength(1);
    } finally {
      t.now.value = new Date("2026-11-20T10:00:00Z");
    }
  });

  it("answers 404 for another user's quote and changes nothing", async () => {
    const { quote } = await sentQuote();
    const response = await post(stranger, `/api/quotes/${quote.id}/resend`);
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(QUOTE_NOT_FOUND);
    expect(await mailsOf(`quote:${quote.id}`)).toHaveLength(1);
  });
});

describe("the owner hears the client's answer", () => {
  it("by e-mail when the client accepts, naming who accepted", async () => {
    const { quote, token } = await sentQuote();
    expect(await mailsOf(quoteAnswerMailReference(quote.id))).toHaveLength(0);
    const accepted = await publicPost("/accept", { token, name: "Els de Bakker" });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const [mail, ...more] = await mailsOf(quoteAnswerMailReference(quote.id));
    expect(more).toHaveLength(0);
    expect(mail).toMatchObject({
      recipient: owner.user.email,
      subject: `Offerte ${quote.quoteNumber} is geaccepteerd door Bakkerij De Korenschoof`,
    });
    expect(mail!.text).toContain(
      `Els de Bakker (Bakkerij De Korenschoof) heeft offerte ${quote.quoteNumber} voor ${formatEuro(20_570)} op 20-11-2026 geaccepteerd.`,
    );
    expect(mail!.text).toContain("om naar een factuur");
    // A second answer is refused and mails nothing.
    expect((await publicPost("/decline", { token })).statusCode).toBe(409);
    expect(await mailsOf(quoteAnswerMailReference(quote.id))).toHaveLength(1);
  });

  it("by e-mail when the client declines, with the reason", async () => {
    const { quote, token } = await sentQuote();
    const declined = await publicPost("/decline", { token, reason: "Te duur voor dit jaar." });
    expect(declined.statusCode, declined.body).toBe(200);
    const [mail] = await mailsOf(quoteAnswerMailReference(quote.id));
    expect(mail!.subject).toBe(`Offerte ${quote.quoteNumber} is afgewezen door Bakkerij De Korenschoof`);
    expect(mail!.text).toContain("“Te duur voor dit jaar.”");
    // The client's mail about the quote stays the only one on its timeline.
    expect(
      (await owner.request({ method: "GET", url: `/api/quotes/${quote.id}` })).json().mails,
    ).toHaveLength(1);
  });
});

describe("the notification bell", () => {
  const bellOf = async (as: SignedIn) => {
    const response = await as.request({ method: "GET", url: "/api/notifications" });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Promise<{
      count: number;
      items: Array<{ id: string; kind: string; title: string }>;
    }>;
  };
  const quoteItems = async (as: SignedIn) =>
    (await bellOf(as)).items.filter((item) => item.kind === "quote_accepted");

  it("shows an accepted quote until it is turned into an invoice; a declined one and others' never", async () => {
    const before = await quoteItems(owner);
    const { quote, token } = await sentQuote();
    expect(await quoteItems(owner)).toEqual(before);
    await publicPost("/accept", { token, name: "Els de Bakker" });
    const declined = await sentQuote();
    await publicPost("/decline", { token: declined.token });

    const bell = await bellOf(owner);
    const item = bell.items.find((entry) => entry.id === `quote-${quote.id}`);
    expect(item).toMatchObject({
      kind: "quote_accepted",
      title: `Offerte ${quote.quoteNumber} is geaccepteerd`,
    });
    expect(bell.items.some((entry) => entry.id === `quote-${declined.quote.id}`)).toBe(false);
    expect(await quoteItems(stranger)).toEqual([]);

    const converted = await post(owner, `/api/quotes/${quote.id}/convert`);
    expect(converted.statusCode, converted.body).toBe(201);
    const after = await bellOf(owner);
    expect(after.items.some((entry) => entry.id === `quote-${quote.id}`)).toBe(false);
    expect(after.count).toBe(bell.count - 1);
  });
});
