/**
 * The one error type services throw: an HTTP status and the Dutch message the user sees. Internal detail
 * (the cause) goes to the log only. The error handler in plugins/errors.ts turns it into the answer.
 */
export type FieldErrors = Record<string, string>;

export class AppError extends Error {
  readonly statusCode: number;
  readonly fieldErrors: FieldErrors | undefined;

  constructor(
    statusCode: number,
    message: string,
    options: { fieldErrors?: FieldErrors; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = "AppError";
    this.statusCode = statusCode;
    this.fieldErrors = options.fieldErrors;
  }
}

/** A missing record and another user's record look the same, so ids cannot be probed (architecture.md). */
export const notFound = (message = "Niet gevonden") => new AppError(404, message);

export const unauthorized = (message = "Niet ingelogd") => new AppError(401, message);

/** A single-field validation failure, shown under that field. */
export const invalidField = (field: string, message: string, statusCode = 400) =>
  new AppError(statusCode, message, { fieldErrors: { [field]: message } });

/** PostgreSQL's unique_violation, with the name of the index or constraint that was hit. */
export function uniqueViolation(error: unknown): string | null {
  const candidate = (error as { cause?: unknown })?.cause ?? error;
  const { code, constraint } = candidate as { code?: string; constraint?: string };
  return code === "23505" ? (constraint ?? "") : null;
}
