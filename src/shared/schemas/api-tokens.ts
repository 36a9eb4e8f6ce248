/**
 * Personal API tokens: a name and a scope; the token itself is shown once, when it is made. One schema serves
 * the Settings form and POST /api/api-tokens.
 */
import { z } from "../validation";

export const API_TOKEN_SCOPES = ["read", "read_write"] as const;
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];

export const API_TOKEN_SCOPE_LABELS: Record<ApiTokenScope, string> = {
  read: "Lezen",
  read_write: "Lezen en schrijven",
};

export const MAX_API_TOKEN_NAME = 100;
/** Enough for every script and integration a freelancer runs; a runaway loop cannot fill the table. */
export const MAX_API_TOKENS = 25;

export const API_TOKEN_MESSAGES = {
  nameRequired: "Geef de API-sleutel een naam",
  nameTooLong: `De naam mag maximaal ${MAX_API_TOKEN_NAME} tekens zijn`,
  scopeInvalid: "Kies 'Lezen' of 'Lezen en schrijven'",
  tooMany: `Je kunt maximaal ${MAX_API_TOKENS} API-sleutels hebben. Trek eerst een sleutel in.`,
  readOnly:
    "Deze API-sleutel mag alleen lezen. Maak een sleutel met 'Lezen en schrijven' om gegevens te wijzigen.",
  sessionOnly: "Dit kan alleen na inloggen in Balans, niet met een API-sleutel.",
  invalid: "Ongeldige of ingetrokken API-sleutel",
  rateLimited: (wait: string) => `Te veel verzoeken met deze API-sleutel. Probeer het over ${wait} opnieuw.`,
} as const;

export const CreateApiTokenInputSchema = z.object({
  name: z
    .string({ error: API_TOKEN_MESSAGES.nameRequired })
    .trim()
    .min(1, API_TOKEN_MESSAGES.nameRequired)
    .max(MAX_API_TOKEN_NAME, API_TOKEN_MESSAGES.nameTooLong),
  scope: z.enum(API_TOKEN_SCOPES, { error: API_TOKEN_MESSAGES.scopeInvalid }),
});
export type CreateApiTokenInput = z.infer<typeof CreateApiTokenInputSchema>;

export const ApiTokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  scope: z.enum(API_TOKEN_SCOPES),
  /** The first characters, so the owner can tell tokens apart; the rest is never stored. */
  prefix: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type ApiToken = z.infer<typeof ApiTokenSchema>;

/** The answer to creating one: the only time the full token is sent. */
export const CreatedApiTokenSchema = ApiTokenSchema.extend({ token: z.string() });
export type CreatedApiToken = z.infer<typeof CreatedApiTokenSchema>;
