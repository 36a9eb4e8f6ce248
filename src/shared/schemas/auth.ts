import { z } from "../validation";
import { MEMBER_ROLES } from "./administrations";
import { CURRENT_PASSWORD_REQUIRED_MESSAGE, PASSWORD_MISMATCH_MESSAGE } from "./settings";

/** Spec §5 Login; `username` takes the account's username or its e-mail address. */
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

export const EMAIL_REQUIRED_MESSAGE = "Vul je e-mailadres in, zodat je je wachtwoord altijd kunt herstellen";
export const EMAIL_INVALID_MESSAGE = "Ongeldig e-mailadres";
export const PASSWORD_TOO_SHORT_MESSAGE = "Wachtwoord moet minimaal 6 karakters zijn";
export const PASSWORD_TOO_LONG_MESSAGE = "Wachtwoord mag maximaal 200 karakters zijn";
/** Refused by the server (the list of common passwords stays out of the browser bundle). */
export const COMMON_PASSWORD_MESSAGE =
  "Dit wachtwoord is te bekend en wordt snel geraden. Kies een wachtwoord dat niet in lijsten van veelgebruikte wachtwoorden staat.";
export const PASSWORD_IS_USERNAME_MESSAGE =
  "Je wachtwoord mag niet gelijk zijn aan je gebruikersnaam of e-mailadres";

const emailAddress = z
  .string({ error: EMAIL_REQUIRED_MESSAGE })
  .trim()
  .min(1, EMAIL_REQUIRED_MESSAGE)
  .max(254, EMAIL_INVALID_MESSAGE)
  .pipe(z.email(EMAIL_INVALID_MESSAGE))
  .transform((value) => value.toLowerCase());

const newPassword = z
  .string({ error: PASSWORD_TOO_SHORT_MESSAGE })
  .min(6, PASSWORD_TOO_SHORT_MESSAGE)
  .max(200, PASSWORD_TOO_LONG_MESSAGE);

export const TERMS_REQUIRED_MESSAGE =
  "Ga akkoord met de algemene voorwaarden en het privacybeleid om een account aan te maken";

/** Spec §5 Register. */
export const RegisterInputSchema = z.object({
  username: z
    .string({ error: "Gebruikersnaam moet minimaal 3 karakters zijn" })
    .trim()
    .min(3, "Gebruikersnaam moet minimaal 3 karakters zijn")
    .max(50, "Gebruikersnaam mag maximaal 50 karakters zijn"),
  // Required: the address is how a forgotten password is recovered.
  email: emailAddress,
  password: newPassword,
  firstName: optionalText(100, "Voornaam is te lang"),
  lastName: optionalText(100, "Achternaam is te lang"),
  companyName: optionalText(200, "Bedrijfsnaam is te lang"),
  /** The terms and privacy policy in force (legal-versions.ts), agreed to with a checkbox. */
  acceptTerms: z
    .boolean({ error: TERMS_REQUIRED_MESSAGE })
    .refine((accepted) => accepted, TERMS_REQUIRED_MESSAGE),
  /** The sign-up lead of this visit (POST /api/leads), converted by the registration; ignored when unreadable. */
  leadId: z.uuid().optional().catch(undefined),
});
export type RegisterInput = z.input<typeof RegisterInputSchema>;

/** The current-user answer of spec §3 (plus the id). */
const AccountSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  companyName: z.string().nullable(),
  /** Whether the owner confirmed the address (a link, or a password reset); false without an address. */
  isEmailVerified: z.boolean(),
  /** Whether signing in asks for a code from an authenticator app besides the password. */
  isTwoFactorEnabled: z.boolean(),
  isDemo: z.boolean(),
});

/**
 * The user of the open administration: one's own account, or, while a member works in another's administration,
 * its owner (whose books every screen shows). Then `signedInAs` is the person signed in, with their role there;
 * it is absent in one's own administration.
 */
export const UserSchema = AccountSchema.extend({
  signedInAs: AccountSchema.extend({ role: z.enum(MEMBER_ROLES) }).optional(),
});
export type User = z.infer<typeof UserSchema>;

/** 'Wachtwoord vergeten': the address a reset link goes to, if an account has it. */
export const PasswordResetRequestSchema = z.object({ email: emailAddress });
export type PasswordResetRequest = z.input<typeof PasswordResetRequestSchema>;

/** The same answer whether or not an account has the address, so the form cannot tell who has an account. */
export const PASSWORD_RESET_REQUESTED_MESSAGE =
  "Als er een account met dit e-mailadres is, hebben we een link gestuurd om een nieuw wachtwoord in te stellen. De link is een uur geldig. Kijk ook in je map met ongewenste e-mail.";

const linkToken = z
  .string({ error: "Deze link is ongeldig of al gebruikt." })
  .min(1, "Deze link is ongeldig of al gebruikt.")
  .max(200, "Deze link is ongeldig of al gebruikt.");

/** A link's token, to check it before the form is filled in, or to confirm an e-mail address. */
export const LinkTokenSchema = z.object({ token: linkToken });

/** 'Nieuw wachtwoord instellen' from the reset link. */
export const PasswordResetInputSchema = z
  .object({
    token: linkToken,
    password: newPassword,
    confirmPassword: z.string({ error: PASSWORD_MISMATCH_MESSAGE }),
  })
  .refine((input) => input.password === input.confirmPassword, {
    message: PASSWORD_MISMATCH_MESSAGE,
    path: ["confirmPassword"],
  });
export type PasswordResetInput = z.input<typeof PasswordResetInputSchema>;

export const TWO_FACTOR_CODE_REQUIRED_MESSAGE = "Vul de code uit je authenticator-app in";
export const TWO_FACTOR_CODE_WRONG_MESSAGE =
  "Deze code klopt niet. Controleer of de tijd op je telefoon goed staat, of gebruik een herstelcode.";

/** A code from the authenticator app (6 digits) or a recovery code; spaces and dashes as people type them. */
export const twoFactorCode = z
  .string({ error: TWO_FACTOR_CODE_REQUIRED_MESSAGE })
  .trim()
  .min(1, TWO_FACTOR_CODE_REQUIRED_MESSAGE)
  .max(40, TWO_FACTOR_CODE_WRONG_MESSAGE);

/** The second step of signing in, after the password (the challenge is in a cookie of its own). */
export const TwoFactorSignInSchema = z.object({ code: twoFactorCode });
export type TwoFactorSignIn = z.input<typeof TwoFactorSignInSchema>;

/** The answer of a sign-in (or password reset) whose account asks for a code next. */
export const TwoFactorRequiredAnswerSchema = z.object({ twoFactorRequired: z.literal(true) });
export type TwoFactorRequiredAnswer = z.infer<typeof TwoFactorRequiredAnswerSchema>;

const currentPassword = z
  .string({ error: CURRENT_PASSWORD_REQUIRED_MESSAGE })
  .min(1, CURRENT_PASSWORD_REQUIRED_MESSAGE)
  .max(200, CURRENT_PASSWORD_REQUIRED_MESSAGE);

/** Settings: starting two-factor set-up asks for the password again. */
export const TwoFactorSetupSchema = z.object({ currentPassword });
/** The first code from the app proves it was set up; only then is two-factor sign-in in force. */
export const TwoFactorEnableSchema = z.object({ code: twoFactorCode });
/** Switching it off, or new recovery codes: the password and a code. */
export const TwoFactorConfirmSchema = z.object({ currentPassword, code: twoFactorCode });
export type TwoFactorConfirm = z.input<typeof TwoFactorConfirmSchema>;

export const TwoFactorSetupAnswerSchema = z.object({
  secret: z.string(),
  otpauthUrl: z.string(),
  qrSvg: z.string(),
});
export type TwoFactorSetupAnswer = z.infer<typeof TwoFactorSetupAnswerSchema>;
export const RecoveryCodesAnswerSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodesAnswer = z.infer<typeof RecoveryCodesAnswerSchema>;

/** GET /api/session: whether someone is signed in, for the public site's header; nothing more. */
export const SessionAnswerSchema = z.object({ signedIn: z.boolean() });
export type SessionAnswer = z.infer<typeof SessionAnswerSchema>;

/** An answer that only carries the text to show ('We hebben een link gestuurd …'). */
export const MessageAnswerSchema = z.object({ message: z.string() });
export type MessageAnswer = z.infer<typeof MessageAnswerSchema>;

/** POST /api/email-confirmation: the address that is now confirmed. */
export const EmailConfirmedAnswerSchema = z.object({ email: z.string() });
export type EmailConfirmedAnswer = z.infer<typeof EmailConfirmedAnswerSchema>;
