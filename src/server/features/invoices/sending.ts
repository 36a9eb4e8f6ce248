import { and, eq } from "drizzle-orm";
import { formatDate, formatEuro } from "../../../shared/format";
import { parseCents } from "../../../shared/money";
import type { InvoiceDetail } from "../../../shared/schemas/invoices";
import type { Database } from "../../db/client";
import { invoices } from "../../db/schema/index";
import { AppError } from "../../errors";
import { sendMail } from "../../mail/outbox";
import { buildInvoiceDocument } from "./document";
import { renderInvoicePdf } from "./pdf";
import { pdfFilename } from "./pdf-filename";
import {
  ALREADY_SENT_MESSAGE,
  clientForInvoice,
  findInvoiceWithItems,
  getInvoice,
  issueSnapshots,
} from "./service";

export const NO_CLIENT_EMAIL_MESSAGE =
  "Deze klant heeft geen e-mailadres. Vul het e-mailadres in bij de klant en verstuur de factuur opnieuw.";
export const NO_CLIENT_MESSAGE = "Deze factuur heeft geen klant meer en kan niet worden verstuurd.";

/**
 * POST /api/invoices/{id}/send: e-mails the invoice as PDF to the client (through the outbox: SMTP when
 * SMTP_URL is set). A draft is issued first (status sent, sentAt, client and seller frozen); an invoice that
 * was sent before is sent again as it is. The status change and the message commit together.
 */
export async function sendInvoice(
  db: Database,
  userId: string,
  invoiceId: string,
  now: Date,
): Promise<{ invoice: InvoiceDetail; recipient: string }> {
  const { row, items } = await findInvoiceWithItems(db, userId, invoiceId);
  let recipient = row.clientSnapshot?.email ?? null;
  let snapshots = {};
  if (row.status === "draft") {
    if (!row.clientId) throw new AppError(409, NO_CLIENT_MESSAGE);
    const client = await clientForInvoice(db, userId, row.clientId);
    recipient = client.email;
    if (!recipient) throw new AppError(409, NO_CLIENT_EMAIL_MESSAGE);
    snapshots = await issueSnapshots(db, userId, client, items);
  } else if (!recipient) {
    throw new AppError(409, NO_CLIENT_EMAIL_MESSAGE);
  }
  const to = recipient;

  await db.transaction(async (tx) => {
    if (row.status === "draft") {
      const [issued] = await tx
        .update(invoices)
        .set({ status: "sent", sentAt: now, ...snapshots })
        // Only while it is still a draft: of two sends at the same moment, one issues and mails it.
        .where(and(eq(invoices.id, invoiceId), eq(invoices.userId, userId), eq(invoices.status, "draft")))
        .returning({ status: invoices.status });
      if (!issued) throw new AppError(409, ALREADY_SENT_MESSAGE);
    }
    const { document, qrPayload, logo } = await buildInvoiceDocument(tx, userId, invoiceId, {
      withImages: false,
    });
    const pdf = await renderInvoicePdf(document, qrPayload, logo);
    const amount = formatEuro(parseCents(document.total) ?? 0);
    const kind = document.creditNoteForNumber ? "creditnota" : "factuur";
    const payment = document.payment
      ? `Wil je ${amount} vóór ${formatDate(document.dueDate)} overmaken naar ${document.payment.iban} t.n.v. ${document.seller.name}, onder vermelding van ${document.invoiceNumber}? In de PDF staat ook een QR-code waarmee je met je bankapp betaalt.\n\n`
      : "";
    await sendMail(tx, {
      userId,
      recipient: to,
      subject: `${kind === "factuur" ? "Factuur" : "Creditnota"} ${document.invoiceNumber} van ${document.seller.name}`,
      text:
        `Beste ${document.client?.name ?? "klant"},\n\n` +
        `In de bijlage vind je ${kind} ${document.invoiceNumber} van ${formatDate(document.issueDate)} voor ${amount}.\n\n` +
        payment +
        `Met vriendelijke groet,\n${document.seller.name}\n`,
      attachments: [
        { filename: pdfFilename(document.invoiceNumber), contentType: "application/pdf", content: pdf },
      ],
    });
  });
  return { invoice: await getInvoice(db, userId, invoiceId), recipient: to };
}
