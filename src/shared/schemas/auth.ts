import { z } from "../validation";

/** Spec §5 Login. */
export const LoginInputSchema = z.object({
  username: z
    .string({ error: "Gebruikersnaam is vereist" })
    .trim()
    .min(1, "Gebruikersnaam is vereist")
    .max(100, "Gebruikersnaam is te lang"),
  password: z
    .string({ error: "Wachtwoord is vereist" })
    .min(1, "Wachtwoord is vereist")
    .max(200, "Wachtwoord is te lang"),
});
export type LoginInput = z.infer<typeof LoginInputSchema>;

/** An optional text field: empty or whitespace-only input means "not given" (spec §3: empty values are omitted). */
const optionalText = (max: number, tooLong: string) =>
  z
    .string()
    .trim()
    .max(max, tooLong)
    .optional()
    .transform((value) => (value ? value : undefined));

/** Spec §5 Register. */
export const RegisterInputSchema = z.object({
  username: z
    .string({ error: "Gebruikersnaam moet minimaal 3 karakters zijn" })
    .trim()
    .min(3, "Gebruikersnaam moet minimaal 3 karakters zijn")
    .max(50, "Gebruikersnaam mag maximaal 50 karakters zijn"),
  email: z
    .union([z.literal(""), z.email("Ongeldig e-mailadres").max(254, "Ongeldig e-mailadres")])
    .optional()
    .transform((value) => (value ? value.toLowerCase() : undefined)),
  password: z
    .string({ error: "Wachtwoord moet minimaal 6 karakters zijn" })
    .min(6, "Wachtwoord moet minimaal 6 karakters zijn")
    .max(200, "Wachtwoord mag maximaal 200 karakters zijn"),
  firstName: optionalText(100, "Voornaam is te lang"),
  lastName: optionalText(100, "Achternaam is te lang"),
  companyName: optionalText(200, "Bedrijfsnaam is te lang"),
  /** The sign-up lead of this visit (POST /api/leads), converted by the registration; ignored when unreadable. */
  leadId: z.uuid().optional().catch(undefined),
});
export type RegisterInput = z.input<typeof RegisterInputSchema>;

/** The current-user answer of spec §3 (plus the id). */
export const UserSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  companyName: z.string().nullable(),
  isDemo: z.boolean(),
});
export type User = z.infer<typeof UserSchema>;
