import type { FastifyError, FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { AppError, type FieldErrors } from "../errors";

export type ErrorBody = { message: string; fieldErrors?: FieldErrors };

const GENERIC_MESSAGE = "Er ging iets mis. Probeer het later opnieuw.";

/**
 * Every non-OK answer is JSON `{ message, fieldErrors? }`: the message is the Dutch text to show (spec §8),
 * fieldErrors maps each invalid field to its message. 5xx detail is logged, never sent.
 */
export const errorsPlugin = fp(async function errors(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.cause) request.log.warn({ err: error.cause }, error.message);
      return reply.status(error.statusCode).send(body(error.message, error.fieldErrors));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fieldErrors: FieldErrors = {};
      for (const issue of error.validation) {
        const field = issue.instancePath.replace(/^\//, "").replaceAll("/", ".") || "_";
        fieldErrors[field] ??= issue.message ?? "Ongeldige invoer";
      }
      const first = Object.values(fieldErrors)[0] ?? "Ongeldige invoer";
      return reply.status(400).send(body(first, fieldErrors));
    }
    const database = databaseFault(error);
    if (database === "unavailable") {
      request.log.error({ err: error }, "database unavailable");
      return reply.status(503).send(body(DATABASE_UNAVAILABLE_MESSAGE));
    }
    if (database === "invalid-input") return reply.status(400).send(body(INVALID_INPUT_MESSAGE));
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, "request failed");
      return reply.status(500).send(body(GENERIC_MESSAGE));
    }
    return reply.status(status).send(body(clientErrorMessage(error)));
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send(body(`Niet gevonden: ${request.method} ${request.url.split("?")[0]}`));
  });
});

export const DATABASE_UNAVAILABLE_MESSAGE = "De database is even niet bereikbaar. Probeer het zo opnieuw.";
export const INVALID_INPUT_MESSAGE = "Ongeldige invoer.";

/**
 * What a database error says about the request. A lost connection (the server restarted, the backend was
 * terminated, class 08 and 57P0x) is temporary: 503, and the pool connects afresh for the next request. Input the
 * database could not take (class 22: bad text for a type, a value out of range, a NUL in text) is the request's
 * fault: 400 — the schemas should have refused it first; this keeps it from ever being a 500.
 */
function databaseFault(error: unknown): "unavailable" | "invalid-input" | null {
  const candidate = ((error as { cause?: unknown })?.cause ?? error) as { code?: unknown; message?: unknown };
  const code = typeof candidate.code === "string" ? candidate.code : "";
  const message = typeof candidate.message === "string" ? candidate.message : "";
  if (/^(08|57P0)/.test(code) || code === "ECONNREFUSED" || code === "ECONNRESET") return "unavailable";
  if (
    /Connection terminated|Client has encountered a connection error|terminating connection/.test(message)
  ) {
    return "unavailable";
  }
  if (/^22/.test(code)) return "invalid-input";
  return null;
}

function body(message: string, fieldErrors?: FieldErrors): ErrorBody {
  return fieldErrors ? { message, fieldErrors } : { message };
}

/** Fastify's own 4xx errors (malformed JSON, body too large, …) in Dutch. */
function clientErrorMessage(error: FastifyError): string {
  switch (error.code) {
    case "FST_ERR_CTP_INVALID_JSON_BODY":
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
      return "Ongeldige aanvraag: de gegevens zijn geen geldige JSON.";
    case "FST_ERR_CTP_BODY_TOO_LARGE":
      return "Het bestand of de aanvraag is te groot.";
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
      return "Dit soort gegevens wordt niet ondersteund.";
    default:
      return error.statusCode === 429 ? error.message : "Ongeldige aanvraag.";
  }
}
