import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { AppError } from "../errors";

export const CONTROL_CHARACTER_MESSAGE =
  "De invoer bevat een onzichtbaar teken (zoals een NUL-teken) dat Balans niet kan bewaren. Haal het weg en probeer het opnieuw.";

/** Control characters no text field needs; tab, line feed and carriage return are text. */
const isControl = (code: number) => (code < 32 && code !== 9 && code !== 10 && code !== 13) || code === 127;

export function hasControlCharacter(text: string): boolean {
  for (let index = 0; index < text.length; index++) if (isControl(text.charCodeAt(index))) return true;
  return false;
}

/** Any string anywhere in a parsed JSON body, query or route parameters. */
function containsControlCharacter(value: unknown, depth = 0): boolean {
  if (typeof value === "string") return hasControlCharacter(value);
  if (depth > 20 || value === null || typeof value !== "object") return false;
  if (Buffer.isBuffer(value)) return false;
  for (const key in value as Record<string, unknown>) {
    if (hasControlCharacter(key)) return true;
    if (containsControlCharacter((value as Record<string, unknown>)[key], depth + 1)) return true;
  }
  return false;
}

/**
 * Input hygiene in one place, before any schema or service sees a request: a control character in a field,
 * search term or path is refused with one Dutch message (PostgreSQL cannot even store a NUL in text). An uploaded
 * text file (a CSV) has them removed instead: harmless there, and the rest of the file is what the user wants.
 * Binary uploads (logos, bank files) are left to their own readers.
 */
export const inputHygienePlugin = fp(async function inputHygiene(app: FastifyInstance) {
  app.addHook("preValidation", async (request) => {
    if (typeof request.body === "string") {
      if (hasControlCharacter(request.body)) {
        request.body = [...request.body].filter((character) => !isControl(character.charCodeAt(0))).join("");
      }
    } else if (containsControlCharacter(request.body)) {
      throw new AppError(400, CONTROL_CHARACTER_MESSAGE);
    }
    if (containsControlCharacter(request.query) || containsControlCharacter(request.params)) {
      throw new AppError(400, CONTROL_CHARACTER_MESSAGE);
    }
  });
});
