import { and, desc, eq } from "drizzle-orm";
import type { Database } from "../src/server/db/client";
import { outboxMessages } from "../src/server/db/schema/index";

/** The last e-mail to an address (with that subject, when given), as the outbox holds it. */
export async function lastMailTo(
  db: Database,
  recipient: string,
  subject?: string,
): Promise<{ subject: string; text: string } | undefined> {
  const [mail] = await db
    .select({ subject: outboxMessages.subject, text: outboxMessages.text })
    .from(outboxMessages)
    .where(
      and(
        eq(outboxMessages.recipient, recipient),
        subject === undefined ? undefined : eq(outboxMessages.subject, subject),
      ),
    )
    .orderBy(desc(outboxMessages.createdAt))
    .limit(1);
  return mail;
}

/** The token of the first link to `path` in a mail's text. */
export function linkToken(text: string, path: string): string {
  const match = new RegExp(`${path.replace(/[/?]/g, "\\$&")}\\?token=([\\w-]+)`).exec(text);
  if (!match) throw new Error(`no ${path} link in:\n${text}`);
  return match[1]!;
}
