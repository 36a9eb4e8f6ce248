import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { outboxMessages } from "../db/schema/index";
import { buildTestApp, type TestApp } from "../../../tests/app";
import { deliverOutbox, type MailTransport } from "./delivery";
import { sendMail } from "./outbox";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe("outbox", () => {
  it("sendMail stores the message; delivery sends unsent ones once and stamps sent_at; a failure is retried later", async () => {
    const first = await sendMail(t.database.db, {
      recipient: "a@voorbeeld.nl",
      subject: "Eén",
      text: "Hallo",
    });
    const second = await sendMail(t.database.db, {
      recipient: "b@voorbeeld.nl",
      subject: "Twee",
      text: "Hoi",
    });
    const sent: string[] = [];
    let attemptsForB = 0;
    const flaky: MailTransport = {
      async sendMail(message) {
        if (message.to === "b@voorbeeld.nl" && ++attemptsForB === 1) throw new Error("SMTP 451");
        sent.push(message.to);
      },
    };
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const now = new Date("2026-11-21T10:00:00Z");

    expect(await deliverOutbox(t.database.db, flaky, { from: "Balans <noreply@balans.nl>", now })).toEqual({
      sent: 1,
      failed: 1,
    });
    expect(warn).toHaveBeenCalledTimes(1);
    const [stampedFirst] = await t.database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.id, first.id));
    expect(stampedFirst!.sentAt?.toISOString()).toBe(now.toISOString());

    expect(await deliverOutbox(t.database.db, flaky, { from: "x", now })).toEqual({ sent: 1, failed: 0 });
    expect(sent).toEqual(["a@voorbeeld.nl", "b@voorbeeld.nl"]);
    const [stampedSecond] = await t.database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.id, second.id));
    expect(stampedSecond!.sentAt).not.toBeNull();
    warn.mockRestore();
  });
});
