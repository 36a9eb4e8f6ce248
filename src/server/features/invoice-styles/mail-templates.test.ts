import { writeFile } from "node:fs/promises";
import { and, desc, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  DEFAULT_MAIL_TEMPLATES,
  MAIL_BODY_MAX_LENGTH,
  MAIL_SUBJECT_MAX_LENGTH,
  MAIL_TEMPLATE_KINDS,
  MAIL_TEMPLATE_MESSAGES,
} from "../../../shared/schemas/mail-templates";
import { mailTemplates, outboxAttachments, outboxMessages } from "../../db/schema/index";
import { buildAppWithOwner, type SignedIn, type TestApp } from "../../../../tests/app";
import { createClientRecord, createCompanyProfile } from "../../../../tests/factories";
import {
  createInvoice,
  invoiceWithLines,
  issuedInvoice,
  issueToNewClient,
  ONE_LINE,
} from "../../../../tests/invoices";
import { pdfText } from "../../../../tests/pdf-text";

let t: TestApp;
let owner: SignedIn;
let stranger: SignedIn;

beforeAll(async () => {
  ({ t, owner, stranger } = await buildAppWithOwner());
});
afterAll(() => t.close());

const url = (kind: string, language: string) => `/api/settings/mail-templates/${kind}/${language}`;
const putTemplate = (as: SignedIn, kind: string, language: string, payload: object) =>
  as.request({ method: "PUT", url: url(kind, language), payload });
const templatesOf = async (as: SignedIn) =>
  (await as.request({ method: "GET", url: "/api/settings/mail-templates" })).json() as Array<{
    kind: string;
    language: string;
    subject: string;
    body: string;
    isCustom: boolean;
  }>;
const rowsOf = (userId: string) => t.database.db.$count(mailTemplates, eq(mailTemplates.userId, userId));

/** The newest mail in the outbox with this reference (an invoice's, a quote's, a reminder's). */
async function lastMail(reference: string) {
  const [mail] = await t.database.db
    .select()
    .from(outboxMessages)
    .where(eq(outboxMessages.reference, reference))
    .orderBy(desc(outboxMessages.createdAt))
    .limit(1);
  expect(mail, `a mail for ${reference}`).toBeDefined();
  return mail!;
}

describe("Settings → E-mailteksten", () => {
  it("answers every kind in Dutch and English, the standard texts until one is saved", async () => {
    const fresh = await t.signIn();
    const list = await templatesOf(fresh);
    expect(list).toHaveLength(MAIL_TEMPLATE_KINDS.length * 2);
    const invoiceEn = list.find((item) => item.kind === "invoice" && item.language === "en")!;
    expect(invoiceEn).toEqual({
      kind: "invoice",
      language: "en",
      ...DEFAULT_MAIL_TEMPLATES.invoice.en,
      isCustom: false,
    });
  });

  it("saves a template trimmed, answers it as the user's own, and keeps it from other users", async () => {
    const fresh = await t.signIn();
    const saved = await putTemplate(fresh, "quote", "nl", {
      subject: "  Je offerte {offertenummer}  ",
      body: "Hoi {klantnaam},\r\n\r\nKijk hier: {offertelink}\r\n\r\n",
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({
      kind: "quote",
      language: "nl",
      subject: "Je offerte {offertenummer}",
      body: "Hoi {klantnaam},\n\nKijk hier: {offertelink}\n",
      isCustom: true,
    });
    const mine = (await templatesOf(fresh)).find((item) => item.kind === "quote" && item.language === "nl");
    expect(mine?.subject).toBe("Je offerte {offertenummer}");
    const theirs = (await templatesOf(stranger)).find(
      (item) => item.kind === "quote" && item.language === "nl",
    );
    expect(theirs).toMatchObject({ ...DEFAULT_MAIL_TEMPLATES.quote.nl, isCustom: false });
    // Another user cannot reset it either: the address names the caller's own template.
    expect((await stranger.request({ method: "DELETE", url: url("quote", "nl") })).statusCode).toBe(200);
    expect(await rowsOf(fresh.user.id)).toBe(1);

    const reset = await fresh.request({ method: "DELETE", url: url("quote", "nl") });
    expect(reset.json()).toMatchObject({ ...DEFAULT_MAIL_TEMPLATES.quote.nl, isCustom: false });
    expect(await rowsOf(fresh.user.id)).toBe(0);
  });

  it.each([
    [{ subject: "", body: "Tekst" }, "subject", MAIL_TEMPLATE_MESSAGES.subjectRequired],
    [{ subject: "   ", body: "Tekst" }, "subject", MAIL_TEMPLATE_MESSAGES.subjectRequired],
    [{ body: "Tekst" }, "subject", MAIL_TEMPLATE_MESSAGES.subjectRequired],
    [
      { subject: "x".repeat(MAIL_SUBJECT_MAX_LENGTH + 1), body: "Tekst" },
      "subject",
      MAIL_TEMPLATE_MESSAGES.subjectTooLong,
    ],
    [{ subject: "Regel een\nregel twee", body: "Tekst" }, "subject", MAIL_TEMPLATE_MESSAGES.subjectOneLine],
    [{ subject: "Factuur", body: " \n " }, "body", MAIL_TEMPLATE_MESSAGES.bodyRequired],
    [{ subject: "Factuur", body: 12 }, "body", MAIL_TEMPLATE_MESSAGES.bodyRequired],
    [
      { subject: "Factuur", body: "x".repeat(MAIL_BODY_MAX_LENGTH + 1) },
      "body",
      MAIL_TEMPLATE_MESSAGES.bodyTooLong,
    ],
    [
      { subject: "Factuur {nummer}", body: "Tekst" },
      "subject",
      "Dit invulveld bestaat niet: {nummer}. Gebruik alleen de invulvelden uit de lijst.",
    ],
    [
      { subject: "Factuur", body: "Beste {naam}, betaal {Bedrag} via {offertelink}; {naam}" },
      "body",
      "Deze invulvelden bestaan niet: {naam}, {Bedrag}, {offertelink}. Gebruik alleen de invulvelden uit de lijst.",
    ],
    [{ subject: "Factuur", body: "Tekst {}" }, "body", MAIL_TEMPLATE_MESSAGES.unknownPlaceholders([""])],
  ])("refuses %j for an invoice with its message and changes nothing", async (payload, field, message) => {
    const fresh = await t.signIn();
    const response = await putTemplate(fresh, "invoice", "nl", payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors[field]).toBe(message);
    expect(await rowsOf(fresh.user.id)).toBe(0);
  });

  it("accepts a subject and a text of exactly the maximum length", async () => {
    const fresh = await t.signIn();
    const response = await putTemplate(fresh, "invoice", "en", {
      subject: "x".repeat(MAIL_SUBJECT_MAX_LENGTH),
      body: "x".repeat(MAIL_BODY_MAX_LENGTH),
    });
    expect(response.statusCode, response.body).toBe(200);
  });

  it.each([
    ["PUT", "offer", "nl"],
    ["PUT", "invoice", "de"],
    ["DELETE", "invoice", "fr"],
  ] as const)(
    "answers 404 for %s of a kind or language that does not exist",
    async (method, kind, language) => {
      const response = await owner.request({
        method,
        url: url(kind, language),
        ...(method === "PUT" ? { payload: { subject: "Hallo", body: "Tekst" } } : {}),
      });
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(MAIL_TEMPLATE_MESSAGES.notFound);
    },
  );
});

describe("the e-mails Balans sends use the saved template", () => {
  it("the invoice: preview and send, in the client's language, the payment line left out without a link", async () => {
    const user = await t.signIn();
    await createCompanyProfile(t.database.db, user.user.id, { tradeName: "Studio {bedrag} & Zn" });
    expect(
      (
        await putTemplate(user, "invoice", "en", {
          subject: "Your invoice {factuurnummer} ({bedrag})",
          body: "Hello {klantnaam},\n\nInvoice {factuurnummer}, due {vervaldatum}: {openstaand_bedrag}.\nPay online: {betaallink}\n\n{betaalinstructie}\n\n{bedrijfsnaam}",
        })
      ).statusCode,
    ).toBe(200);
    // A name that looks like a placeholder is printed as it is, never filled in again.
    const client = await createClientRecord(t.database.db, user.user.id, {
      name: "Acme {factuurnummer} Ltd",
      documentLanguage: "en",
      email: "ap@acme.example",
    });
    const draft = await createInvoice(user, invoiceWithLines(client.id, ONE_LINE));
    const preview = await user.request({ method: "GET", url: `/api/invoices/${draft.id}/send-preview` });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().subject).toBe(`Your invoice ${preview.json().invoiceNumber} (€1,210.00)`);
    const sent = await user.request({ method: "POST", url: `/api/invoices/${draft.id}/send`, payload: {} });
    expect(sent.statusCode, sent.body).toBe(200);
    const number = sent.json().invoice.invoiceNumber as string;
    const mail = await lastMail(`invoice:${draft.id}`);
    expect(mail.subject).toBe(`Your invoice ${number} (€1,210.00)`);
    expect(mail.text).toBe(
      `Hello Acme {factuurnummer} Ltd,\n\nInvoice ${number}, due 4 December 2026: €1,210.00.\n\n` +
        `Please transfer €1,210.00 by 4 December 2026 to NL91 ABNA 0417 1643 00 in the name of Studio {bedrag} & Zn, ` +
        `quoting ${number}. The PDF also has a QR code you can scan with your banking app to pay.\n\nStudio {bedrag} & Zn\n`,
    );
  });

  it("the invoice: the Dutch standard text when nothing is saved, with the preview's confirmed text as sent", async () => {
    const user = await t.signIn();
    await createCompanyProfile(t.database.db, user.user.id);
    const client = await createClientRecord(t.database.db, user.user.id, { contactPerson: "Els" });
    const invoice = await issuedInvoice(user, invoiceWithLines(client.id, ONE_LINE));
    const preview = (
      await user.request({ method: "GET", url: `/api/invoices/${invoice.id}/send-preview` })
    ).json();
    expect(preview.subject).toBe(`Factuur ${invoice.invoiceNumber} van De Vries Ontwerp`);
    expect(preview.message).toBe(
      `Beste Els,\n\nIn de bijlage vind je factuur ${invoice.invoiceNumber} van 20-11-2026 voor €\u00a01.210,00.\n\n` +
        `Wil je €\u00a01.210,00 vóór 04-12-2026 overmaken naar NL91 ABNA 0417 1643 00 t.n.v. De Vries Ontwerp, onder vermelding van ${invoice.invoiceNumber}? ` +
        `In de PDF staat ook een QR-code waarmee je met je bankapp betaalt.\n\nMet vriendelijke groet,\nDe Vries Ontwerp\n`,
    );
    const sent = await user.request({
      method: "POST",
      url: `/api/invoices/${invoice.id}/send`,
      payload: { subject: preview.subject, message: preview.message },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const mail = await lastMail(`invoice:${invoice.id}`);
    expect(mail.subject).toBe(preview.subject);
    // The confirmed text goes out as confirmed (the send trims its ends, as it always has).
    expect(mail.text).toBe(preview.message.trimEnd());
  });

  it("the quote: the saved template in the client's language, with the link", async () => {
    expect(
      (
        await putTemplate(owner, "quote", "en", {
          subject: "Quote {offertenummer} for {klantnaam}",
          body: "Dear {klantnaam},\n\n{bedrag}, valid until {geldig_tot}.\n{offertelink}\n",
        })
      ).statusCode,
    ).toBe(200);
    const client = await createClientRecord(t.database.db, owner.user.id, {
      name: "Globex",
      documentLanguage: "en",
      email: "buy@globex.example",
    });
    const draft = await owner.request({
      method: "POST",
      url: "/api/quotes",
      payload: {
        clientId: client.id,
        issueDate: "2026-11-20",
        validUntil: "2026-12-20",
        items: [{ description: "Design", quantity: 1, unitPrice: "1000", vatCategory: "21" }],
      },
    });
    expect(draft.statusCode, draft.body).toBe(201);
    const sent = await owner.request({ method: "POST", url: `/api/quotes/${draft.json().id}/send` });
    expect(sent.statusCode, sent.body).toBe(200);
    const number = sent.json().quote.quoteNumber as string;
    const mail = await lastMail(`quote:${draft.json().id}`);
    expect(mail.subject).toBe(`Quote ${number} for Globex`);
    expect(mail.text).toMatch(
      new RegExp(
        `^Dear Globex,\\n\\n€1,210\\.00, valid until 20 December 2026\\.\\nhttp\\S+/offerte\\?token=[\\w-]+\\n$`,
      ),
    );
  });
});

describe("reminders in the client's language", () => {
  const overdue = async (as: SignedIn, overrides: Parameters<typeof createClientRecord>[2]) => {
    t.now.value = new Date("2026-11-20T10:00:00Z");
    return (await issueToNewClient(t.database.db, as, overrides)).invoice;
  };
  const remindNow = async (as: SignedIn, invoiceId: string, day: string) => {
    t.now.value = new Date(`${day}T09:00:00Z`);
    const response = await as.request({ method: "POST", url: `/api/invoices/${invoiceId}/reminders` });
    expect(response.statusCode, response.body).toBe(201);
    const mail = await lastMail(`reminder:${invoiceId}`);
    const [attachment] = await t.database.db
      .select()
      .from(outboxAttachments)
      .where(eq(outboxAttachments.messageId, mail.id));
    // Set INVOICE_PDF_DIR to keep the letter, to look at with pdftoppm.
    if (process.env.INVOICE_PDF_DIR)
      await writeFile(
        `${process.env.INVOICE_PDF_DIR}/reminder-${mail.subject.split(" ")[0]}-${day}.pdf`,
        attachment!.content,
      );
    return { mail, pdf: (await pdfText(attachment!.content)).join("\n") };
  };

  it("writes an English client's reminders, letter and e-mail, in English through the saved template", async () => {
    const user = await t.signIn();
    await createCompanyProfile(t.database.db, user.user.id);
    expect(
      (
        await putTemplate(user, "reminder_friendly", "en", {
          subject: "{titel}: {factuurnummer} ({openstaand_bedrag} open)",
          body: "{brief}\n\nOnline: {betaallink}\n\nThanks, {bedrijfsnaam}",
        })
      ).statusCode,
    ).toBe(200);
    const invoice = await overdue(user, { documentLanguage: "en", email: "en@client.example" });
    const { mail, pdf } = await remindNow(user, invoice.id, "2026-12-11");
    expect(mail.subject).toBe(`Reminder: ${invoice.invoiceNumber} (€1,210.00 open)`);
    expect(mail.text).toContain(
      `According to our records, invoice ${invoice.invoiceNumber} of 20 November 2026 has not been paid (in full).`,
    );
    expect(mail.text).toContain("Outstanding invoice amount: €1,210.00");
    expect(mail.text).not.toContain("Online:");
    expect(mail.text.endsWith("Thanks, De Vries Ontwerp\n")).toBe(true);
    expect(pdf).toContain("REMINDER");
    expect(pdf).toContain("Invoice number");
    expect(pdf).toContain("Kind regards,");
    expect(pdf).not.toContain("Factuurnummer");
  });

  it("keeps the veertiendagenbrief's statutory content in English, and a Dutch client's in Dutch", async () => {
    const user = await t.signIn();
    await createCompanyProfile(t.database.db, user.user.id);
    const english = await overdue(user, { documentLanguage: "en", isConsumer: true, email: "c@en.example" });
    const dutch = await overdue(user, { isConsumer: true, email: "c@nl.example" });
    for (const day of ["2026-12-11", "2026-12-25", "2027-01-08"]) {
      await remindNow(user, english.id, day);
      await remindNow(user, dutch.id, day);
    }
    const finalEn = await lastMail(`reminder:${english.id}`);
    expect(finalEn.subject).toBe(`Final reminder for invoice ${english.invoiceNumber} from De Vries Ontwerp`);
    expect(finalEn.text).toContain("article 6:96(6) of the Dutch Civil Code (Burgerlijk Wetboek)");
    expect(finalEn.text).toContain("within 15 days after this letter has been delivered to you");
    expect(finalEn.text).toContain("Besluit vergoeding voor buitengerechtelijke incassokosten");
    expect(finalEn.text).toContain("article 6:119 of the Dutch Civil Code");
    // €\u00a01.210,00 open: 15% is €\u00a0181,50 (Besluit, first band).
    expect(finalEn.text).toContain("extrajudicial collection costs of €181.50");
    const finalNl = await lastMail(`reminder:${dutch.id}`);
    expect(finalNl.subject).toBe(`Laatste herinnering factuur ${dutch.invoiceNumber} van De Vries Ontwerp`);
    expect(finalNl.text).toContain("artikel 6:96 lid 6 BW");
    expect(finalNl.text).toContain("buitengerechtelijke incassokosten verschuldigd van €\u00a0181,50");
  });
});

describe("each user's templates are their own", () => {
  it("a stranger's saved template never writes the owner's mail", async () => {
    // Fresh sign-ins: the reminder tests above moved the clock past the first sessions' lifetime.
    t.now.value = new Date("2026-11-20T10:00:00Z");
    const owner = await t.signIn();
    const stranger = await t.signIn();
    await createCompanyProfile(t.database.db, owner.user.id);
    const theirs = await putTemplate(stranger, "invoice", "nl", {
      subject: "VREEMD {factuurnummer}",
      body: "Vreemd",
    });
    expect(theirs.statusCode, theirs.body).toBe(200);
    const { invoice } = await issueToNewClient(t.database.db, owner);
    const sent = await owner.request({
      method: "POST",
      url: `/api/invoices/${invoice.id}/send`,
      payload: {},
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect((await lastMail(`invoice:${invoice.id}`)).subject).toBe(
      `Factuur ${invoice.invoiceNumber} van De Vries Ontwerp`,
    );
    const strange = await t.database.db
      .select({ subject: outboxMessages.subject })
      .from(outboxMessages)
      .where(and(eq(outboxMessages.userId, owner.user.id), like(outboxMessages.subject, "VREEMD%")));
    expect(strange).toHaveLength(0);
  });
});
