import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Link } from "wouter";
import { MailCheck } from "lucide-react";
import type { z } from "zod";
import { HONEYPOT_FIELD, NewsletterSignupInputSchema } from "@shared/schemas/public-site";
import { Button } from "@client/components/ui/button";
import { Input } from "@client/components/ui/input";
import { Spinner } from "@client/components/ui/spinner";
import { getErrorMessage } from "@client/lib/api";
import { applyFieldErrors } from "@client/lib/form-errors";
import { cn } from "@client/lib/utils";
import { useNewsletterSignup } from "./api";

type Values = z.input<typeof NewsletterSignupInputSchema>;

interface NewsletterSignupProps {
  /** Where the form sits ("footer", "support"), stored with the sign-up. */
  source: string;
  className?: string;
}

/**
 * The newsletter sign-up: an e-mail address and the AVG consent, which is required and never pre-ticked.
 * After sending, the visitor is told to confirm through the link in the e-mail (double opt-in).
 */
export function NewsletterSignup({ source, className }: NewsletterSignupProps) {
  const id = useId();
  const signup = useNewsletterSignup();
  const [done, setDone] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<Values>({
    resolver: zodResolver(NewsletterSignupInputSchema),
    defaultValues: { email: "", gdprConsent: false as unknown as true, source, [HONEYPOT_FIELD]: "" },
  });
  const { errors } = form.formState;
  const emailError = errors.email?.message;
  const consentError = errors.gdprConsent?.message;

  const onSubmit = form.handleSubmit(async (input) => {
    setFailure(null);
    try {
      const answer = await signup.mutateAsync({ ...input, source });
      setDone(answer.message);
    } catch (error) {
      setFailure(getErrorMessage(error));
      applyFieldErrors(error, ["email", "gdprConsent"], form.setError);
    }
  });

  return (
    <section aria-labelledby={`${id}-title`} className={cn("flex flex-col gap-3", className)}>
      <h2 id={`${id}-title`} className="text-sm font-semibold text-foreground">
        Nieuwsbrief
      </h2>
      {done ? (
        <p role="status" className="flex items-start gap-2 text-sm text-foreground">
          <MailCheck className="mt-0.5 size-4 shrink-0 text-success" aria-hidden />
          {done}
        </p>
      ) : (
        <form
          onSubmit={onSubmit}
          noValidate
          aria-label="Aanmelden voor de nieuwsbrief"
          className="flex flex-col gap-3"
        >
          <p className="text-sm text-muted-foreground">
            Eén keer per maand praktische tips over btw, facturen en je administratie.
          </p>
          <div className="flex flex-col gap-1.5">
            <label htmlFor={`${id}-email`} className="sr-only">
              E-mailadres voor de nieuwsbrief
            </label>
            <div className="flex gap-2">
              <Input
                id={`${id}-email`}
                type="email"
                autoComplete="email"
                placeholder="jij@voorbeeld.nl"
                aria-invalid={emailError ? true : undefined}
                aria-describedby={emailError ? `${id}-email-error` : undefined}
                {...form.register("email")}
              />
              <Button type="submit" disabled={signup.isPending} className="shrink-0">
                {signup.isPending && <Spinner />}
                Aanmelden
              </Button>
            </div>
            {emailError && (
              <p id={`${id}-email-error`} className="text-[0.8125rem] font-medium text-destructive">
                {emailError}
              </p>
            )}
          </div>
          <div className="flex flex-col gap-1.5">
            <div className="flex items-start gap-2.5">
              <input
                id={`${id}-consent`}
                type="checkbox"
                className="mt-0.5 size-4 shrink-0 accent-primary focus-visible:ring-3 focus-visible:ring-ring/40 focus-visible:outline-none"
                aria-invalid={consentError ? true : undefined}
                aria-describedby={consentError ? `${id}-consent-error` : undefined}
                {...form.register("gdprConsent")}
              />
              <label htmlFor={`${id}-consent`} className="text-xs leading-relaxed text-muted-foreground">
                Ik wil de nieuwsbrief ontvangen en geef Balans toestemming mijn e-mailadres daarvoor te
                gebruiken. Afmelden kan altijd. Zie het{" "}
                <Link
                  href="/legal/privacy"
                  className="text-primary underline underline-offset-4 hover:decoration-2"
                >
                  privacybeleid
                </Link>
                .
              </label>
            </div>
            {consentError && (
              <p id={`${id}-consent-error`} className="text-[0.8125rem] font-medium text-destructive">
                {consentError}
              </p>
            )}
          </div>
          {/* The honeypot: invisible and unreachable by keyboard; only bots fill it in. */}
          <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
            <label htmlFor={`${id}-website`}>Laat dit veld leeg</label>
            <input
              id={`${id}-website`}
              type="text"
              tabIndex={-1}
              autoComplete="off"
              {...form.register(HONEYPOT_FIELD)}
            />
          </div>
          {failure && !emailError && !consentError && (
            <p role="alert" className="text-[0.8125rem] font-medium text-destructive">
              {failure}
            </p>
          )}
        </form>
      )}
    </section>
  );
}
