/**
 * The e-mail inbox for purchase invoices: a receiving SMTP server (an MX) for the private addresses <token>@domain.
 * 1. RCPT TO: only the inbox domain and a known token are accepted; the user of each address is kept per session.
 * 2. DATA: the message is read up to the advertised SIZE; beyond it the rest is drained, not kept, and refused.
 * 3. The sender is authenticated (SPF, DKIM, DMARC); a spoofed sender is refused.
 * 4. The PDF, XML and image attachments are taken out; a mail without one is refused.
 * 5. The mail is handed to each user once; a failure answers 451 so the sender retries, and a retry skips the
 *    users already served.
 * No AUTH: senders are other mail servers. No STARTTLS: the only certificate available without provisioning one
 * is smtp-server's built-in test certificate, whose private key is public.
 */
import { createHash } from "node:crypto";
import { authenticate, type AuthenticateResult, type DNSResolver } from "mailauth";
import { simpleParser, type Attachment } from "mailparser";
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from "smtp-server";

export type InboxAttachment = { fileName: string; mimeType: string; bytes: Uint8Array };
/** `from` is the address in the From header (the supplier), else the envelope sender. */
export type InboxMail = {
  from: string;
  subject: string;
  messageId: string | null;
  attachments: InboxAttachment[];
};
export type InboxLogger = { info(obj: object, msg?: string): void; warn(obj: object, msg?: string): void };

export type InboxReceiverOptions = {
  port: number;
  host: string;
  domain: string;
  /** Default 25 MB. */
  maxMessageBytes?: number;
  /** Token → user id; null when the token is unknown. */
  findRecipient(localPart: string): Promise<string | null>;
  deliver(userId: string, mail: InboxMail): Promise<void>;
  /** DNS for sender authentication (TXT lookups, as dns.promises.resolve); tests pass a fake. */
  resolver?: (name: string, rrtype: string) => Promise<unknown>;
  logger?: InboxLogger;
};

export type InboxReceiver = { port: number; close(): Promise<void> };

const DEFAULT_MAX_MESSAGE_BYTES = 25 * 1024 * 1024;
// Each recipient costs a token lookup; an invoice has one addressee, a few at most.
const MAX_RECIPIENTS = 20;
// Signature logos and tracking pixels are small images placed in the text; a photographed receipt is far larger.
const INLINE_IMAGE_MAX_BYTES = 10 * 1024;
const MAX_FILE_NAME_LENGTH = 200;
// RFC 5321 §4.5.4.1: senders retry a deferred message for 4–5 days; a retry within that time is recognised.
const DELIVERED_MEMORY_MS = 5 * 24 * 60 * 60 * 1000;
const DELIVERED_MEMORY_MAX_ENTRIES = 10_000;

const PDF_TYPES = new Set(["application/pdf", "application/x-pdf"]);
const XML_TYPES = new Set(["application/xml", "text/xml"]);
const IMAGE_EXTENSIONS = new Set(["jpg", "jpeg", "png", "gif", "webp", "heic", "heif", "tif", "tiff", "bmp"]);

const SILENT_LOGGER: InboxLogger = { info() {}, warn() {} };

/** An answer to the client; smtp-server sends `responseCode` and the message (which starts with the RFC 3463 code). */
class SmtpReply extends Error {
  constructor(
    readonly responseCode: number,
    message: string,
  ) {
    super(message);
  }
}

export async function startInboxReceiver(options: InboxReceiverOptions): Promise<InboxReceiver> {
  const maxMessageBytes = options.maxMessageBytes ?? DEFAULT_MAX_MESSAGE_BYTES;
  const domain = options.domain.toLowerCase();
  const logger = options.logger ?? SILENT_LOGGER;
  const resolver = options.resolver as DNSResolver | undefined;
  // Per connection: accepted address (lower case) → user id, filled at RCPT TO and read at DATA.
  const recipientsBySession = new WeakMap<SMTPServerSession, Map<string, string>>();
  const served = new DeliveryMemory();
  const inFlight = new Set<string>();

  async function acceptRecipient(address: string, session: SMTPServerSession): Promise<void> {
    const at = address.lastIndexOf("@");
    const localPart = address.slice(0, at);
    if (at <= 0 || address.slice(at + 1).toLowerCase() !== domain) {
      throw new SmtpReply(550, `5.1.1 <${address}>: onbekend adres, alleen @${domain} (unknown address)`);
    }
    let userId: string | null;
    try {
      userId = await options.findRecipient(localPart);
    } catch (error) {
      logger.warn({ err: error }, "inbox: looking up a recipient failed");
      throw new SmtpReply(451, "4.3.0 Tijdelijke storing, probeer het later opnieuw (temporary failure)");
    }
    if (!userId) {
      throw new SmtpReply(550, `5.1.1 <${address}>: onbekend adres (unknown address)`);
    }
    let recipients = recipientsBySession.get(session);
    if (!recipients) recipientsBySession.set(session, (recipients = new Map()));
    recipients.set(address.toLowerCase(), userId);
  }

  async function receiveMessage(stream: SMTPServerDataStream, session: SMTPServerSession): Promise<string> {
    const message = await readLimited(stream, maxMessageBytes);
    if (!message) {
      throw new SmtpReply(552, `5.3.4 Bericht te groot, maximaal ${maxMessageBytes} bytes (message too big)`);
    }
    const recipients = recipientsBySession.get(session);
    const userIds = [
      ...new Set(
        session.envelope.rcptTo.flatMap((rcpt) => recipients?.get(rcpt.address.toLowerCase()) ?? []),
      ),
    ];
    const sender = session.envelope.mailFrom ? session.envelope.mailFrom.address : "";

    let verdict: AuthenticateResult;
    try {
      verdict = await authenticate(message.raw, {
        ip: session.remoteAddress,
        helo: session.hostNameAppearsAs || undefined,
        sender,
        mta: domain,
        resolver,
        disableArc: true,
        disableBimi: true,
      });
    } catch (error) {
      logger.warn({ err: error }, "inbox: sender authentication failed");
      throw new SmtpReply(451, "4.7.0 Afzender kon niet worden gecontroleerd, probeer het later opnieuw");
    }
    if (isSpoofed(verdict)) {
      logger.info({ sender, ip: session.remoteAddress }, "inbox: refused a spoofed sender");
      throw new SmtpReply(
        550,
        "5.7.1 Afzender niet geverifieerd: SPF/DKIM/DMARC mislukt (sender not authenticated)",
      );
    }

    let mail: InboxMail;
    try {
      mail = await readMail(message.raw, sender);
    } catch (error) {
      logger.warn({ err: error }, "inbox: parsing a message failed");
      throw new SmtpReply(550, "5.6.0 Bericht onleesbaar (message could not be parsed)");
    }
    if (mail.attachments.length === 0) {
      throw new SmtpReply(
        550,
        "5.6.0 Een bijlage is nodig: stuur de factuur als PDF, XML of afbeelding (an invoice attachment is needed)",
      );
    }

    for (const userId of userIds) {
      const key = `${message.fingerprint}:${userId}`;
      if (served.has(key)) continue;
      // The same message on a second connection while the first is still delivering it: let that one finish.
      if (inFlight.has(key))
        throw new SmtpReply(451, "4.3.0 Bericht wordt al verwerkt (already being received)");
      inFlight.add(key);
      try {
        await options.deliver(userId, mail);
      } catch (error) {
        logger.warn({ err: error, userId, messageId: mail.messageId }, "inbox: delivering a mail failed");
        throw new SmtpReply(451, "4.3.0 Tijdelijke storing, probeer het later opnieuw (temporary failure)");
      } finally {
        inFlight.delete(key);
      }
      served.add(key);
    }
    logger.info(
      { userIds, messageId: mail.messageId, attachments: mail.attachments.length },
      "inbox: mail received",
    );
    return "2.6.0 Ontvangen (received)";
  }

  const server = new SMTPServer({
    name: domain,
    banner: "Balans inbox",
    size: maxMessageBytes,
    authOptional: true,
    disabledCommands: ["AUTH", "STARTTLS"],
    maxRecipients: MAX_RECIPIENTS,
    logger: false,
    onRcptTo(address, session, callback) {
      acceptRecipient(address.address, session).then(() => callback(), callback);
    },
    onData(stream, session, callback) {
      receiveMessage(stream, session).then(
        (reply) => callback(null, reply),
        (error: unknown) => {
          if (error instanceof SmtpReply) return callback(error);
          logger.warn({ err: error }, "inbox: receiving a mail failed");
          callback(
            new SmtpReply(451, "4.3.0 Tijdelijke storing, probeer het later opnieuw (temporary failure)"),
          );
        },
      );
    },
  });
  // Without a listener a dropped client connection would be an unhandled 'error' event and stop the process.
  server.on("error", (error) => logger.warn({ err: error }, "inbox: SMTP connection error"));

  await new Promise<void>((resolve, reject) => {
    server.server.once("error", reject);
    server.listen(options.port, options.host, () => {
      server.server.off("error", reject);
      resolve();
    });
  });
  const address = server.server.address();
  const port = typeof address === "object" && address ? address.port : options.port;
  logger.info({ port, host: options.host, domain }, "inbox: SMTP receiver listening");

  return {
    port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * DMARC (RFC 7489 §6.6.2): a domain publishing p=reject or p=quarantine asks receivers to refuse mail that no
 * aligned SPF or DKIM pass vouches for; quarantine is refused too, as this inbox has no spam folder. pct is ignored.
 * Without a DMARC policy only the envelope domain speaks: an SPF "fail" (-all) is its statement that the client may
 * not send for it, unless a DKIM signature verifies (forwarded mail keeps its signature but loses SPF; any signing
 * domain will do, as without DMARC nothing ties the From header to either). "softfail" and "none" say the domain is
 * unsure, so those mails are accepted.
 */
function isSpoofed(verdict: AuthenticateResult): boolean {
  const { dmarc, spf, dkim } = verdict;
  const hasDmarcPolicy = dmarc !== false && dmarc.status.result !== "none" && Boolean(dmarc.policy);
  if (hasDmarcPolicy) {
    return dmarc.status.result === "fail" && (dmarc.policy === "reject" || dmarc.policy === "quarantine");
  }
  const isSpfFail = spf !== false && spf.status.result === "fail";
  const isDkimPass = dkim.results.some((signature) => signature.status.result === "pass");
  return isSpfFail && !isDkimPass;
}

/** The message, or null when it went over the limit; the rest of an oversized message is read and dropped. */
async function readLimited(
  stream: SMTPServerDataStream,
  maxBytes: number,
): Promise<{ raw: Buffer; fingerprint: string } | null> {
  const chunks: Buffer[] = [];
  const hash = createHash("sha256");
  let length = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    length += chunk.length;
    if (length > maxBytes) {
      // The client only reads the reply after its final dot, so the stream is drained either way.
      chunks.length = 0;
      continue;
    }
    chunks.push(chunk);
    hash.update(chunk);
  }
  if (stream.sizeExceeded || length > maxBytes) return null;
  return { raw: Buffer.concat(chunks, length), fingerprint: hash.digest("hex") };
}

async function readMail(raw: Buffer, envelopeSender: string): Promise<InboxMail> {
  const parsed = await simpleParser(raw, {
    keepCidLinks: true,
    skipHtmlToText: true,
    skipTextToHtml: true,
    skipTextLinks: true,
    skipImageLinks: true,
    checksumAlgo: false,
  });
  const attachments = parsed.attachments.filter(isUsable).map((attachment, index) => {
    const mimeType = attachment.contentType.toLowerCase();
    return {
      fileName: sanitiseFileName(attachment.filename) ?? `bijlage-${index + 1}.${extensionFor(mimeType)}`,
      mimeType,
      bytes: attachment.content,
    };
  });
  return {
    from: parsed.from?.value[0]?.address ?? envelopeSender,
    subject: parsed.subject ?? "",
    messageId: parsed.messageId ?? null,
    attachments,
  };
}

function isUsable(attachment: Attachment): boolean {
  const kind = kindOf(attachment.contentType.toLowerCase(), extensionOf(attachment.filename));
  if (!kind) return false;
  if (kind === "image" && attachment.size < INLINE_IMAGE_MAX_BYTES) {
    const isInline =
      attachment.contentDisposition === "inline" || Boolean(attachment.cid) || Boolean(attachment.related);
    return !isInline;
  }
  return true;
}

function kindOf(mimeType: string, extension: string | null): "pdf" | "xml" | "image" | null {
  if (PDF_TYPES.has(mimeType) || extension === "pdf") return "pdf";
  // SVG is XML and an image format, but a drawing (often a logo) rather than an invoice or a scan.
  if (mimeType === "image/svg+xml" || extension === "svg") return null;
  if (XML_TYPES.has(mimeType) || extension === "xml") return "xml";
  if (mimeType.startsWith("image/") || (extension && IMAGE_EXTENSIONS.has(extension))) return "image";
  return null;
}

function extensionOf(fileName: string | undefined): string | null {
  const match = fileName ? /\.([a-z0-9]{1,5})$/i.exec(fileName.trim()) : null;
  return match ? match[1]!.toLowerCase() : null;
}

function extensionFor(mimeType: string): string {
  if (PDF_TYPES.has(mimeType)) return "pdf";
  if (mimeType.startsWith("image/")) return mimeType.slice("image/".length).replace("jpeg", "jpg");
  return "xml";
}

/** The last path segment without control characters, or null when nothing usable remains. */
function sanitiseFileName(fileName: string | undefined): string | null {
  if (!fileName) return null;
  // eslint-disable-next-line no-control-regex
  const base = (fileName.split(/[/\\]/).pop() ?? "").replace(/[\u0000-\u001f\u007f]/g, "").trim();
  if (!base || base === "." || base === "..") return null;
  if (base.length <= MAX_FILE_NAME_LENGTH) return base;
  const extension = extensionOf(base);
  return extension
    ? `${base.slice(0, MAX_FILE_NAME_LENGTH - extension.length - 1)}.${extension}`
    : base.slice(0, MAX_FILE_NAME_LENGTH);
}

/**
 * Which (message, user) pairs were delivered lately. A sender that got 451 after some users were served, or that
 * lost our 250, sends the same bytes again; this answers such a retry at once. Kept in memory only: after a
 * restart the retry is delivered again, and each attachment already kept is skipped by its SHA-256 (receiveMail).
 */
class DeliveryMemory {
  private readonly expiresAt = new Map<string, number>();

  has(key: string): boolean {
    const expiry = this.expiresAt.get(key);
    if (expiry === undefined) return false;
    if (expiry > Date.now()) return true;
    this.expiresAt.delete(key);
    return false;
  }

  add(key: string): void {
    this.expiresAt.set(key, Date.now() + DELIVERED_MEMORY_MS);
    // Map iteration is insertion order, so the first key is the oldest.
    while (this.expiresAt.size > DELIVERED_MEMORY_MAX_ENTRIES) {
      const oldest = this.expiresAt.keys().next().value;
      if (oldest === undefined) break;
      this.expiresAt.delete(oldest);
    }
  }
}
