/**
 * Every user's private address for purchase invoices, <token>@INBOX_DOMAIN: a random token, renewable when the
 * address leaked (the old one then stops working at once). Mail to it becomes purchase invoices to review, one
 * per attachment, through the same intake as an upload.
 */
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { PurchaseInbox } from "../../../shared/schemas/purchase-invoices";
import type { Database } from "../../db/client";
import { purchaseInboxes } from "../../db/schema/index";
import { AppError } from "../../errors";
import type { DocumentStore } from "../documents/store";
import type { InboxMail } from "./inbox/smtp-receiver";
import type { ReadingQueue } from "./reading-queue";
import { addDocument } from "./service";

/** 80 random bits in lower-case hex: safe in any mail system, which may change the case of a local part. */
const newInboxToken = () => randomBytes(10).toString("hex");

export async function getInbox(
  db: Database,
  userId: string,
  domain: string | undefined,
): Promise<PurchaseInbox> {
  if (!domain) return { enabled: false, address: null };
  const [row] = await db
    .insert(purchaseInboxes)
    .values({ userId, token: newInboxToken() })
    .onConflictDoUpdate({ target: purchaseInboxes.userId, set: { userId } })
    .returning({ token: purchaseInboxes.token });
  return { enabled: true, address: `${row!.token}@${domain}` };
}

export async function renewInbox(
  db: Database,
  userId: string,
  domain: string | undefined,
): Promise<PurchaseInbox> {
  if (!domain) return { enabled: false, address: null };
  const token = newInboxToken();
  await db
    .insert(purchaseInboxes)
    .values({ userId, token })
    .onConflictDoUpdate({ target: purchaseInboxes.userId, set: { token, createdAt: new Date() } });
  return { enabled: true, address: `${token}@${domain}` };
}

/** The user an inbox address belongs to, or null. */
export async function findInboxOwner(db: Database, localPart: string): Promise<string | null> {
  const token = localPart.trim().toLowerCase();
  if (!/^[0-9a-f]{20}$/.test(token)) return null;
  const [row] = await db
    .select({ userId: purchaseInboxes.userId })
    .from(purchaseInboxes)
    .where(eq(purchaseInboxes.token, token));
  return row?.userId ?? null;
}

/**
 * A mail that reached the user's inbox: each attachment kept and queued for reading. A file the user already
 * has (the same bytes) is skipped rather than added twice.
 */
export async function receiveMail(
  db: Database,
  store: DocumentStore,
  queue: ReadingQueue,
  userId: string,
  mail: InboxMail,
): Promise<void> {
  const description = `E-mail van ${mail.from}${mail.subject ? `: ${mail.subject}` : ""}`.slice(0, 500);
  for (const attachment of mail.attachments) {
    try {
      const { id } = await addDocument(db, store, userId, {
        fileName: attachment.fileName,
        bytes: attachment.bytes,
        source: "email",
        description,
      });
      queue.enqueue(userId, id);
    } catch (error) {
      if (error instanceof AppError && error.statusCode === 409) continue;
      throw error;
    }
  }
}
