import { useId, useState, type FormEvent } from "react";
import { Link } from "wouter";
import { clsx } from "clsx";
import { LoaderCircle, MailCheck } from "lucide-react";
import { checkNewsletterSignup, type NewsletterFieldErrors } from "@shared/newsletter";
import type { NewsletterAnswer } from "@shared/schemas/public-site";
import { buttonVariants } from "@client/components/ui/button-variants";
import { inputClassName } from "@client/components/ui/input-class-name";
import { ApiError, apiRequest, getErrorMessage } from "@client/lib/api";

interface NewsletterSignupProps {
  /** Where the form sits ("footer", "support"), stored with the sign-up. */
  source: string;
  className?: string;
}

/**
 * The newsletter sign-up: an e-mail address and the AVG consent, which is required and never pre-ticked.
 * After sending, the visitor is told to confirm through the link in the e-mail (double opt-in). Kept free of the
 * form and data libraries (and of the class-merging helper), because it sits in the footer of every public page.
 */
export function NewsletterSignup({ source, className }: NewsletterSignupProps) {
  const id = useId();
  const [email, setEmail] = useState("");
  const [gdprConsent, setGdprConsent] = useState(false);
  const [honeypot, setHoneypot] = useState("");
  const [errors, setErrors] = useState<NewsletterFieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [isPending, setIsPending] = useState(false);
  const [done, setDone] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = checkNewsletterSignup(email, gdprConsent);
    setErrors(found);
    setFailure(null);
    if (found.email || found.gdprConsent) {
      document.getElementById(found.email ? `${id}-email` : `${id}-consent`)?.focus();
      return;
    }
    setIsPending(true);
    try {
      const answer = await apiRequest<NewsletterAnswer>("POST", "/api/newsletter", {
        email: email.trim(),
        gdprConsent,
        source,
        website: honeypot,
      });
      setDone(answer.message);
    } catch (error) {
      if (error instanceof ApiError && error.fieldErrors) setErrors(error.fieldErrors);
      else setFailure(getErrorMessage(error));
    } finally {
      setIsPending(false);
    }
  };

  return (
    <section aria-labelledby={`${id}-title`} className={clsx("flex flex-col gap-3", className)}>
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
          onSubmit={(event) => void onSubmit(event)}
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
            {/* In a narrow column (the footer on a wide screen) the button moves under the field. */}
            <div className="flex flex-wrap gap-2">
              <input
                id={`${id}-email`}
                className={`${inputClassName} min-w-48 flex-1`}
                type="email"
                name="email"
                autoComplete="email"
                placeholder="jij@voorbeeld.nl"
                value={email}
                onChange={(event) => setEmail(event.target.value)}
                aria-invalid={errors.email ? true : undefined}
                aria-describedby={errors.email ? `${id}-email-error` : undefined}
              />
              <button
                type="submit"
                disabled={isPending}
                className={buttonVariants({ className: "shrink-0" })}
              >
                {isPending && <LoaderCircle className="size-4 animate-spin" aria-hidden />}
                Aanmelden
              </button>
            </div>
            {errors.email && (
              <p id={`${id}-email-error`} className="text-[0.8125rem] font-medium text-destructive">
                {errors.email}
              </p>
            )}
          </div>
          <div className="flex flex-col gap-1.5">
            <div className="flex items-start gap-2.5">
              <input
                id={`${id}-consent`}
                type="checkbox"
                name="gdprConsent"
                checked={gdprConsent}
                onChange={(event) => setGdprConsent(event.target.checked)}
                className="mt-0.5 size-4 shrink-0 accent-primary focus-visible:ring-3 focus-visible:ring-ring/40 focus-visible:outline-none"
                aria-invalid={errors.gdprConsent ? true : undefined}
                aria-describedby={errors.gdprConsent ? `${id}-consent-error` : undefined}
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
            {errors.gdprConsent && (
              <p id={`${id}-consent-error`} className="text-[0.8125rem] font-medium text-destructive">
                {errors.gdprConsent}
              </p>
            )}
          </div>
          {/* The honeypot: invisible and unreachable by keyboard; only bots fill it in. */}
          <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
            <label htmlFor={`${id}-website`}>Laat dit veld leeg</label>
            <input
              id={`${id}-website`}
              type="text"
              name="website"
              tabIndex={-1}
              autoComplete="off"
              value={honeypot}
              onChange={(event) => setHoneypot(event.target.value)}
            />
          </div>
          {failure && (
            <p role="alert" className="text-[0.8125rem] font-medium text-destructive">
              {failure}
            </p>
          )}
        </form>
      )}
    </section>
  );
}
