/**
 * The pages behind the links of account mails, in the auth page's frame:
 * - /wachtwoord-vergeten: ask for a reset link (the answer never tells whether the address has an account);
 * - /wachtwoord-herstellen?token=…: set a new password, which signs this browser in;
 * - /e-mail-bevestigen?token=…: confirm the account's e-mail address.
 */
import { useState, type ReactNode } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Link, useLocation, useSearchParams } from "wouter";
import { CircleAlert, CircleCheck } from "lucide-react";
import type { z } from "zod";
import {
  PasswordResetInputSchema,
  PasswordResetRequestSchema,
  type PasswordResetRequest,
} from "@shared/schemas/auth";
import { Button, buttonVariants } from "@client/components/ui/button";
import { FormField } from "@client/components/ui/form-field";
import { EmailInput } from "@client/components/ui/email-input";
import { PageLoader, Spinner } from "@client/components/ui/spinner";
import { ApiError, getErrorMessage } from "@client/lib/api";
import { applyFieldErrors } from "@client/lib/form-errors";
import { toast, toastError } from "@client/lib/toast";
import { useDocumentTitle } from "@client/lib/use-document-title";
import {
  needsCode,
  useConfirmEmail,
  usePasswordResetLink,
  useRequestPasswordReset,
  useResetPassword,
} from "./api";
import { AuthFrame } from "./auth-page";
import { PasswordInput } from "./password-input";
import { TwoFactorStep } from "./two-factor-step";

const backToLogin = (
  <Link href="/inloggen" className={buttonVariants({ variant: "outline", className: "w-full" })}>
    Terug naar inloggen
  </Link>
);

/** The outcome of a link or request, in place of its form: what happened and where to go next. */
function Outcome({
  tone,
  children,
  actions,
}: {
  tone: "done" | "refused";
  children: ReactNode;
  actions: ReactNode;
}) {
  const Icon = tone === "done" ? CircleCheck : CircleAlert;
  return (
    <div className="flex flex-col gap-5">
      <div role={tone === "done" ? "status" : "alert"} className="flex gap-3">
        <Icon
          aria-hidden
          className={tone === "done" ? "size-5 shrink-0 text-success" : "size-5 shrink-0 text-destructive"}
        />
        <div className="flex flex-col gap-2 text-sm text-foreground">{children}</div>
      </div>
      <div className="flex flex-col gap-2">{actions}</div>
    </div>
  );
}

export function ForgotPasswordPage() {
  useDocumentTitle("Wachtwoord vergeten");
  const request = useRequestPasswordReset();
  const form = useForm<PasswordResetRequest, unknown, z.output<typeof PasswordResetRequestSchema>>({
    resolver: zodResolver(PasswordResetRequestSchema),
    defaultValues: { email: "" },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      await request.mutateAsync(input);
    } catch (error) {
      toastError(error, "Versturen mislukt");
      applyFieldErrors(error, ["email"], form.setError);
    }
  });

  return (
    <AuthFrame
      heading="Wachtwoord vergeten?"
      intro="Vul het e-mailadres van je account in. We sturen je een link waarmee je een nieuw wachtwoord instelt."
    >
      {request.isSuccess ? (
        <Outcome tone="done" actions={backToLogin}>
          <p className="font-medium">Kijk in je mailbox</p>
          <p>{request.data.message}</p>
        </Outcome>
      ) : (
        <form onSubmit={onSubmit} noValidate aria-label="Wachtwoord vergeten" className="flex flex-col gap-5">
          <FormField label="E-mailadres" error={errors.email?.message}>
            <EmailInput {...form.register("email")} />
          </FormField>
          <Button type="submit" size="lg" className="w-full" disabled={request.isPending}>
            {request.isPending && <Spinner />}
            {request.isPending ? "Versturen..." : "Stuur link"}
          </Button>
          <Link
            href="/inloggen"
            className="self-center rounded text-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-3 focus-visible:ring-ring/40"
          >
            Terug naar inloggen
          </Link>
        </form>
      )}
    </AuthFrame>
  );
}

/** A link refused by the server (used, expired, another address since): its message and a way to a new one. */
function RefusedResetLink({ message }: { message: string }) {
  return (
    <Outcome
      tone="refused"
      actions={
        <>
          <Link href="/wachtwoord-vergeten" className={buttonVariants({ className: "w-full" })}>
            Vraag een nieuwe link aan
          </Link>
          {backToLogin}
        </>
      }
    >
      <p>{message}</p>
      <p className="text-muted-foreground">Er is niets gewijzigd.</p>
    </Outcome>
  );
}

const isLinkRefusal = (error: unknown) =>
  error instanceof ApiError && (error.status === 404 || error.status === 410);
const MISSING_TOKEN = "Deze link is ongeldig of al gebruikt.";

export function ResetPasswordPage() {
  useDocumentTitle("Nieuw wachtwoord instellen");
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const [, navigate] = useLocation();
  const link = usePasswordResetLink(token);
  const reset = useResetPassword();
  const [isPasswordVisible, setIsPasswordVisible] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const form = useForm<z.input<typeof PasswordResetInputSchema>>({
    resolver: zodResolver(PasswordResetInputSchema),
    defaultValues: { token, password: "", confirmPassword: "" },
  });
  const { errors } = form.formState;

  const [isCodeStep, setIsCodeStep] = useState(false);
  const signedIn = () => {
    toast({
      title: "Wachtwoord gewijzigd",
      description: "Je bent ingelogd. Op andere apparaten ben je uitgelogd.",
    });
    navigate("/app");
  };

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      const answer = await reset.mutateAsync({ ...input, token });
      if (needsCode(answer)) setIsCodeStep(true);
      else signedIn();
    } catch (error) {
      if (isLinkRefusal(error)) return setRefusal(getErrorMessage(error));
      toastError(error, "Opslaan mislukt");
      applyFieldErrors(error, ["password", "confirmPassword"], form.setError);
    }
  });

  let content: ReactNode;
  // The password is set; an account with two-factor sign-in still gives its code before it is signed in.
  if (isCodeStep) content = <TwoFactorStep onSignedIn={signedIn} onBack={() => navigate("/inloggen")} />;
  else if (token === "") content = <RefusedResetLink message={MISSING_TOKEN} />;
  else if (refusal) content = <RefusedResetLink message={refusal} />;
  else if (link.isPending) content = <PageLoader label="Link controleren..." />;
  else if (link.isError) content = <RefusedResetLink message={getErrorMessage(link.error)} />;
  else {
    const toggle = () => setIsPasswordVisible((visible) => !visible);
    content = (
      <form
        onSubmit={onSubmit}
        noValidate
        aria-label="Nieuw wachtwoord instellen"
        className="flex flex-col gap-5"
      >
        <FormField label="Nieuw wachtwoord" hint="Minimaal 6 karakters." error={errors.password?.message}>
          {(control) => (
            <PasswordInput
              {...control}
              autoComplete="new-password"
              isVisible={isPasswordVisible}
              onToggleVisible={toggle}
              {...form.register("password")}
            />
          )}
        </FormField>
        <FormField label="Herhaal nieuw wachtwoord" error={errors.confirmPassword?.message}>
          {(control) => (
            <PasswordInput
              {...control}
              autoComplete="new-password"
              isVisible={isPasswordVisible}
              onToggleVisible={toggle}
              {...form.register("confirmPassword")}
            />
          )}
        </FormField>
        <Button type="submit" size="lg" className="w-full" disabled={reset.isPending}>
          {reset.isPending && <Spinner />}
          {reset.isPending ? "Opslaan..." : "Wachtwoord opslaan"}
        </Button>
      </form>
    );
  }

  return (
    <AuthFrame
      heading="Nieuw wachtwoord instellen"
      intro="Kies een nieuw wachtwoord voor je account. Daarna ben je overal uitgelogd, behalve hier."
    >
      {content}
    </AuthFrame>
  );
}

export function ConfirmEmailPage() {
  useDocumentTitle("E-mailadres bevestigen");
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const confirmation = useConfirmEmail(token);
  const toApp = (
    <Link href="/app" className={buttonVariants({ className: "w-full" })}>
      Naar Balans
    </Link>
  );

  let content: ReactNode;
  if (token !== "" && confirmation.isPending) content = <PageLoader label="E-mailadres bevestigen..." />;
  else if (confirmation.isSuccess) {
    content = (
      <Outcome tone="done" actions={toApp}>
        <p>
          Je e-mailadres <strong className="break-all">{confirmation.data.email}</strong> is bevestigd.
          Vergeet je ooit je wachtwoord, dan sturen we de herstellink hierheen.
        </p>
      </Outcome>
    );
  } else {
    content = (
      <Outcome tone="refused" actions={toApp}>
        <p>{token === "" ? MISSING_TOKEN : getErrorMessage(confirmation.error)}</p>
        <p className="text-muted-foreground">
          Er is niets gewijzigd. In Balans kun je een nieuwe bevestigingslink laten sturen.
        </p>
      </Outcome>
    );
  }

  return (
    <AuthFrame
      heading="E-mailadres bevestigen"
      intro="Zo weten we waar we je herstellink naartoe kunnen sturen."
    >
      {content}
    </AuthFrame>
  );
}
