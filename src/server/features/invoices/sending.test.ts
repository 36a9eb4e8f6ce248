import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatEuro } from "../../../shared/format";
import type { InvoiceDetail } from "../../../shared/schemas/invoices";
import { outboxMessages, users } from "../../db/schema/index";
import { mailDeliveryJob } from "../../mail/delivery";
import { buildAppWithOwner, buildTestApp, type SignedIn, type TestApp } from "../../../../tests/app";
import { createClientRecord, createCompanyProfile } from "../../../../tests/factories";
import { createInvoice, invoiceWithLines } from "../../../../tests/invoices";
import { pdfText } from "../../../../tests/pdf-text";
import { NO_CLIENT_EMAIL_MESSAGE } from "./sending";

let t: TestApp;
let owner: SignedIn;
let stranger: SignedIn;

beforeAll(async () => {
  ({ t, owner, stranger } = await buildAppWithOwner());
});
afterAll(() => t.close());

async function draftFor(as: SignedIn, clientOverrides: Parameters<typeof createClientRecord>[2] = {}) {
  const client = await createClientRecord(t.database.db, as.user.id, clientOverrides);
  return createInvoice(
    as,
    invoiceWithLines(client.id, [
      { description: "Ontwerp homepage", quantity: 2, unitPrice: 85, vatCategory: "21" },
    ]),
  );
}

const send = (as: SignedIn, id: string, payload?: object) =>
  as.request({ method: "POST", url: `/api/invoices/${id}/send`, ...(payload ? { payload } : {}) });
const outboxOf = (userId: string) =>
  t.database.db.select().from(outboxMessages).where(eq(outboxMessages.userId, userId));

/** An SMTP server on a free port that keeps every message it receives, raw. */
async function startSmtpServer() {
  const received: Array<{ from: string; to: string[]; raw: string }> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    received,
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(resolve)),
  };
}

/** The MIME part with the given file name, decoded from base64. */
function attachmentFrom(raw: string, filename: string): Buffer {
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(raw)![1]!;
  const part = raw
    .split(`--${boundary}`)
    .find(
      (candidate) =>
        candidate.includes(`filename=${filename}`) || candidate.includes(`filename="${filename}"`),
    );
  expect(part, `no part named ${filename}`).toBeDefined();
  expect(part).toMatch(/Content-Type: application\/pdf/i);
  const body = part!
    .split(/\r?\n\r?\n/)
    .slice(1)
    .join("\n");
  return Buffer.from(body.replace(/\s+/g, ""), "base64");
}

describe("POST /api/invoices/{id}/send", () => {
  it("issues the draft, and e-mails a Dutch message with the PDF attached over a real SMTP server", async () => {
    const created = await draftFor(owner, { email: "els@korenschoof.nl" });
    expect(created.invoiceNumber).toBeNull();
    const response = await send(owner, created.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      recipient: "els@korenschoof.nl",
      // This app has no SMTP_URL: the answer says so instead of claiming the mail went out.
      delivery: "no-mail-server",
      invoice: {
        id: created.id,
        status: "sent",
        sentAt: "2026-11-20T10:00:00.000Z",
        openAmount: "205.70",
        mails: [{ recipient: "els@korenschoof.nl", queuedAt: expect.any(String), sentAt: null }],
      },
    });
    const draft = response.json().invoice as InvoiceDetail;
    expect(draft.invoiceNumber).toMatch(/^INV-\d{6}$/);
    const [queued] = await outboxOf(owner.user.id);
    expect(queued).toMatchObject({
      recipient: "els@korenschoof.nl",
      subject: `Factuur ${draft.invoiceNumber} van De Vries Ontwerp`,
      sentAt: null,
    });
    expect(queued!.text).toContain(`In de bijlage vind je factuur ${draft.invoiceNumber} van 20-11-2026`);
    expect(queued!.text).toContain("NL91 ABNA 0417 1643 00");

    const smtp = await startSmtpServer();
    try {
      const job = mailDeliveryJob(smtp.url, "Balans <facturen@balans.test>");
      expect(await job.run(t.database.db, t.now.value)).toEqual({ sent: 1, failed: 0 });
    } finally {
      await smtp.close();
    }
    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail!.to).toEqual(["els@korenschoof.nl"]);
    expect(mail!.raw).toMatch(new RegExp(`Subject: Factuur ${draft.invoiceNumber} van De Vries Ontwerp`));
    const pdf = attachmentFrom(mail!.raw, `${draft.invoiceNumber}.pdf`);
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    const text = (await pdfText(pdf)).join("\n");
    expect(text).toContain(`Factuurnummer ${draft.invoiceNumber}`);
    expect(text).toContain("FACTUUR");
    expect(text).not.toContain("CONCEPT");
    const [delivered] = await outboxOf(owner.user.id);
    expect(delivered!.sentAt).toEqual(t.now.value);
    // The invoice shows that its e-mail went out.
    const shown = await owner.request({ method: "GET", url: `/api/invoices/${created.id}` });
    expect(shown.json().mails).toEqual([
      { recipient: "els@korenschoof.nl", queuedAt: expect.any(String), sentAt: "2026-11-20T10:00:00.000Z" },
    ]);
  });

  it("says a mail server will send it when one is set up, and that a demo account sends no mail", async () => {
    const withMail = await buildTestApp({ smtpUrl: "smtp://127.0.0.1:2525" });
    try {
      const user = await withMail.signIn();
      await createCompanyProfile(withMail.database.db, user.user.id);
      const client = await createClientRecord(withMail.database.db, user.user.id, { email: "ik@klant.nl" });
      const draft = () =>
        createInvoice(
          user,
          invoiceWithLines(client.id, [
            { description: "Advies", quantity: 1, unitPrice: 100, vatCategory: "21" },
          ]),
        );
      const sent = await user.request({ method: "POST", url: `/api/invoices/${(await draft()).id}/send` });
      expect(sent.json()).toMatchObject({ recipient: "ik@klant.nl", delivery: "smtp" });

      await withMail.database.db.update(users).set({ isDemo: true }).where(eq(users.id, user.user.id));
      const demo = await user.request({ method: "POST", url: `/api/invoices/${(await draft()).id}/send` });
      expect(demo.json()).toMatchObject({ recipient: "ik@klant.nl", delivery: "demo" });
    } finally {
      await withMail.close();
    }
  });

  it("sends an invoice that was sent before again, without changing it", async () => {
    const draft = await draftFor(owner, { email: "nogmaals@voorbeeld.nl" });
    await send(owner, draft.id);
    const again = await send(owner, draft.id);
    expect(again.statusCode).toBe(200);
    expect(again.json().invoice.sentAt).toBe("2026-11-20T10:00:00.000Z");
    const messages = (await outboxOf(owner.user.id)).filter(
      (row) => row.recipient === "nogmaals@voorbeeld.nl",
    );
    expect(messages).toHaveLength(2);
  });

  it("tells clearly when the client has no e-mail address, and changes nothing", async () => {
    const draft = await draftFor(owner, { email: null });
    const before = (await outboxOf(owner.user.id)).length;
    const response = await send(owner, draft.id);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: NO_CLIENT_EMAIL_MESSAGE });
    expect((await owner.request({ method: "GET", url: `/api/invoices/${draft.id}` })).json().status).toBe(
      "draft",
    );
    expect((await outboxOf(owner.user.id)).length).toBe(before);
  });

  it("answers 404 for another user's invoice", async () => {
    const draft = await draftFor(owner);
    const response = await send(stranger, draft.id);
    expect(response.statusCode).toBe(404);
    expect((await owner.request({ method: "GET", url: `/api/invoices/${draft.id}` })).json().status).toBe(
      "draft",
    );
  });
});

describe("sending issues the invoice through the one issuing operation", () => {
  it("previews recipient, subject, message and attachment, and issues nothing", async () => {
    const user = await t.signIn();
    await createCompanyProfile(t.database.db, user.user.id);
    const draft = await draftFor(user, { email: "els@korenschoof.nl" });
    const preview = await user.request({ method: "GET", url: `/api/invoices/${draft.id}/send-preview` });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toEqual({
      recipient: "els@korenschoof.nl",
      subject: "Factuur INV-000001 van De Vries Ontwerp",
      message: expect.stringContaining(
        `Wil je ${formatEuro(20570)} vóór 04-12-2026 overmaken naar NL91 ABNA 0417 1643 00`,
      ),
      attachmentName: "INV-000001.pdf",
      eInvoiceName: "INV-000001.xml",
      invoiceNumber: "INV-000001",
      isDraft: true,
    });
    const after = (await user.request({ method: "GET", url: `/api/invoices/${draft.id}` })).json();
    expect(after).toMatchObject({ status: "draft", invoiceNumber: null });
    expect(await outboxOf(user.user.id)).toEqual([]);
    const foreign = await stranger.request({ method: "GET", url: `/api/invoices/${draft.id}/send-preview` });
    expect(foreign.statusCode).toBe(404);
  });

  it("greets the client's contact person by name, and the company when there is none", async () => {
    const user = await t.signIn();
    await createCompanyProfile(t.database.db, user.user.id);
    const greeting = async (clientOverrides: Parameters<typeof createClientRecord>[2]) => {
      const draft = await draftFor(user, clientOverrides);
      const preview = await user.request({ method: "GET", url: `/api/invoices/${draft.id}/send-preview` });
      return (preview.json().message as string).split("\n")[0];
    };
    expect(await greeting({ name: "Bakkerij De Korenschoof", contactPerson: "Els Bakker" })).toBe(
      "Beste Els Bakker,",
    );
    expect(await greeting({ name: "Bakkerij De Korenschoof", contactPerson: null })).toBe(
      "Beste Bakkerij De Korenschoof,",
    );
  });

  it("sends the subject and message as confirmed, and books the invoice in the VAT return at once", async () => {
    const user = await t.signIn();
    await createCompanyProfile(t.database.db, user.user.id);
    const draft = await draftFor(user, { email: "els@korenschoof.nl" });
    const response = await send(user, draft.id, {
      subject: "Je factuur",
      message: "Hierbij de factuur.\nGroet",
    });
    expect(response.statusCode, response.body).toBe(200);
    const [queued] = await outboxOf(user.user.id);
    expect(queued).toMatchObject({ subject: "Je factuur", text: "Hierbij de factuur.\nGroet" });
    const vat = (await user.request({ method: "GET", url: "/api/vat-returns/2026-Q4" })).json();
    expect(vat.rubrieken.find((row: { code: string }) => row.code === "1a")).toMatchObject({
      turnover: "170.00",
      vat: "35.70",
    });
    // Issued once: marking it sent afterwards is refused, and the books hold one entry.
    const again = await user.request({ method: "POST", url: `/api/invoices/${draft.id}/mark-sent` });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("Deze factuur is al verstuurd.");
    const balances = (await user.request({ method: "GET", url: "/api/ledger/accounts" })).json();
    expect(balances.find((row: { name: string }) => row.name === "Debiteuren")).toMatchObject({
      balance: "205.70",
    });
  });

  it("refuses to issue into a filed VAT period, and changes and sends nothing", async () => {
    const user = await t.signIn();
    await createCompanyProfile(t.database.db, user.user.id);
    const filed = await user.request({
      method: "POST",
      url: "/api/vat-returns/2026-Q3/file",
      payload: { filedOn: "2026-10-20", reference: "123456789" },
    });
    expect(filed.statusCode, filed.body).toBe(200);
    const client = await createClientRecord(t.database.db, user.user.id);
    const created = await createInvoice(
      user,
      invoiceWithLines(
        client.id,
        [{ description: "Advies", quantity: 1, unitPrice: 100, vatCategory: "21" }],
        {
          issueDate: "2026-09-30",
          dueDate: "2026-10-14",
        },
      ),
    );
    const response = await send(user, created.id);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toContain("Q3 2026");
    expect((await user.request({ method: "GET", url: `/api/invoices/${created.id}` })).json()).toMatchObject({
      status: "draft",
      invoiceNumber: null,
    });
    expect(await outboxOf(user.user.id)).toEqual([]);
  });

  it("says in Dutch which company details are missing, and points to Settings", async () => {
    const user = await t.signIn();
    await createCompanyProfile(t.database.db, user.user.id, { kvkNumber: null, city: null });
    const draft = await draftFor(user, { email: "els@korenschoof.nl" });
    const response = await send(user, draft.id);
    expect(response.statusCode).toBe(409);
    const message =
      "Vul eerst je bedrijfsgegevens aan bij Instellingen → Bedrijfsgegevens. Dit ontbreekt nog: plaats, KvK-nummer.";
    expect(response.json()).toEqual({ message, fieldErrors: { companyProfile: message } });
    expect(await outboxOf(user.user.id)).toEqual([]);
  });
});

describe("the outbox in Settings", () => {
  it("lists the user's sent e-mail with the PDF to download, and keeps it from other users", async () => {
    const someone = await t.signIn();
    await createCompanyProfile(t.database.db, someone.user.id);
    const created = await draftFor(someone, { email: "klant@voorbeeld.nl" });
    const draft = (await send(someone, created.id)).json().invoice as InvoiceDetail;
    const list = (await someone.request({ method: "GET", url: "/api/settings/outbox" })).json();
    expect(list).toEqual([
      {
        id: expect.any(String),
        recipient: "klant@voorbeeld.nl",
        subject: `Factuur ${draft.invoiceNumber} van De Vries Ontwerp`,
        text: expect.stringContaining(draft.invoiceNumber!),
        createdAt: expect.any(String),
        sentAt: null,
        // The e-invoice beside the PDF (e-invoice.test.ts validates its content).
        attachments: expect.arrayContaining([
          { id: expect.any(String), filename: `${draft.invoiceNumber}.pdf` },
          { id: expect.any(String), filename: `${draft.invoiceNumber}.xml` },
        ]),
      },
    ]);
    expect(list[0].attachments).toHaveLength(2);
    const pdf = list[0].attachments.find((file: { filename: string }) => file.filename.endsWith(".pdf"));
    const url = `/api/settings/outbox/attachments/${pdf.id}`;
    const file = await someone.request({ method: "GET", url });
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-type"]).toBe("application/pdf");
    expect(file.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    expect((await stranger.request({ method: "GET", url })).statusCode).toBe(404);
    expect((await stranger.request({ method: "GET", url: "/api/settings/outbox" })).json()).toEqual([]);
  });
});
