import { QueryClientProvider } from "@tanstack/react-query";
import { MARKETING } from "@shared/content/marketing";
import type { PageMeta } from "@shared/content/seo";
import { useEffect, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Link } from "wouter";
import { CheckCircle2, Clock, HelpCircle, Mail, Activity } from "lucide-react";
import type { z } from "zod";
import {
  ContactInputSchema,
  HONEYPOT_FIELD,
  INQUIRY_TYPES,
  type ContactValues,
} from "@shared/schemas/public-site";
import { Button } from "@client/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle, CardDescription } from "@client/components/ui/card";
import { FormField } from "@client/components/ui/form-field";
import { Input, inputClassName } from "@client/components/ui/input";
import { Select } from "@client/components/ui/select";
import { Spinner } from "@client/components/ui/spinner";
import { getErrorMessage } from "@client/lib/api";
import { applyFieldErrors } from "@client/lib/form-errors";
import { queryClient } from "@client/lib/query-client";
import { cn } from "@client/lib/utils";
import { useFormToken, useSendContactMessage } from "./api";

const FIELD_NAMES = ["name", "email", "company", "phone", "inquiryType", "subject", "message"] as const;

const EMPTY: z.input<typeof ContactInputSchema> = {
  name: "",
  email: "",
  company: "",
  phone: "",
  inquiryType: "general",
  subject: "",
  message: "",
  [HONEYPOT_FIELD]: "",
};

/** /support/contact: a question to the Balans team, stored and confirmed by e-mail. */
function ContactPage() {
  return (
    <div className="mx-auto grid max-w-6xl gap-10 px-4 py-10 sm:px-6 sm:py-14 lg:grid-cols-[0.8fr_1.2fr] lg:gap-14">
      <div>
        <p className="text-sm font-medium text-primary">
          <Link href="/support" className="underline-offset-4 hover:underline">
            Support
          </Link>
        </p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-foreground sm:text-4xl">
          Neem contact op
        </h1>
        <p className="mt-4 text-pretty text-muted-foreground">
          Een vraag over Balans, je abonnement of je administratie in Balans? Stuur ons een bericht. Een mens
          van ons team leest het en antwoordt per e-mail.
        </p>
        <ul className="mt-8 flex flex-col gap-5 text-sm">
          <ContactFact icon={Clock} title="Binnen twee werkdagen antwoord">
            Op werkdagen: {MARKETING.support.openingHoursText}.
          </ContactFact>
          <ContactFact icon={Mail} title="Liever direct mailen?">
            <a
              href={`mailto:${MARKETING.support.email}`}
              className="text-primary underline underline-offset-4 hover:decoration-2"
            >
              {MARKETING.support.email}
            </a>
          </ContactFact>
          <ContactFact icon={HelpCircle} title="Misschien staat het antwoord er al">
            Bekijk de{" "}
            <Link
              href="/support/faq"
              className="text-primary underline underline-offset-4 hover:decoration-2"
            >
              veelgestelde vragen
            </Link>{" "}
            of zoek op de{" "}
            <Link href="/support" className="text-primary underline underline-offset-4 hover:decoration-2">
              supportpagina
            </Link>
            .
          </ContactFact>
          <ContactFact icon={Activity} title="Werkt Balans niet?">
            Op de{" "}
            <Link
              href="/support/status"
              className="text-primary underline underline-offset-4 hover:decoration-2"
            >
              statuspagina
            </Link>{" "}
            zie je direct of alles in orde is.
          </ContactFact>
        </ul>
      </div>
      <ContactForm />
    </div>
  );
}

function ContactFact({
  icon: Icon,
  title,
  children,
}: {
  icon: typeof Clock;
  title: string;
  children: React.ReactNode;
}) {
  return (
    <li className="flex gap-3">
      <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-accent text-accent-foreground">
        <Icon className="size-4" aria-hidden />
      </span>
      <span>
        <span className="block font-medium text-foreground">{title}</span>
        <span className="text-muted-foreground">{children}</span>
      </span>
    </li>
  );
}

function ContactForm() {
  const token = useFormToken();
  const send = useSendContactMessage();
  const [sent, setSent] = useState<{ message: string; reference: string } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const confirmationRef = useRef<HTMLDivElement>(null);
  const form = useForm<z.input<typeof ContactInputSchema>, unknown, ContactValues>({
    resolver: zodResolver(ContactInputSchema),
    defaultValues: EMPTY,
  });
  const { errors } = form.formState;

  // The confirmation replaces the form: move focus to it so keyboard and screen reader users land there.
  useEffect(() => {
    if (sent) confirmationRef.current?.focus();
  }, [sent]);

  const onSubmit = form.handleSubmit(async (input) => {
    setFailure(null);
    try {
      const answer = await send.mutateAsync({ ...input, formToken: token.data?.token });
      setSent(answer);
      form.reset(EMPTY);
      void token.refetch();
    } catch (error) {
      setFailure(getErrorMessage(error));
      applyFieldErrors(error, FIELD_NAMES, form.setError);
    }
  });

  if (sent) {
    return (
      <Card className="self-start">
        <div
          ref={confirmationRef}
          tabIndex={-1}
          role="status"
          className="flex flex-col items-start gap-3 p-6 outline-none sm:p-8"
        >
          <CheckCircle2 className="size-10 text-success" aria-hidden />
          <h2 className="text-xl font-semibold text-foreground">Bericht verzonden</h2>
          <p className="text-muted-foreground">{sent.message}</p>
          <p className="text-sm text-muted-foreground">
            Je referentie: <span className="font-mono font-medium text-foreground">{sent.reference}</span>
          </p>
          <Button variant="outline" className="mt-2" onClick={() => setSent(null)}>
            Nog een bericht sturen
          </Button>
        </div>
      </Card>
    );
  }

  return (
    <Card className="self-start">
      <CardHeader>
        <CardTitle>Stuur ons een bericht</CardTitle>
        <CardDescription>Velden zonder &lsquo;(optioneel)&rsquo; zijn verplicht.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} noValidate aria-label="Contactformulier" className="flex flex-col gap-5">
          <div className="grid gap-5 sm:grid-cols-2">
            <FormField label="Naam" error={errors.name?.message}>
              <Input autoComplete="name" {...form.register("name")} />
            </FormField>
            <FormField label="E-mailadres" error={errors.email?.message}>
              <Input type="email" autoComplete="email" {...form.register("email")} />
            </FormField>
            <FormField label="Bedrijfsnaam" optional error={errors.company?.message}>
              <Input autoComplete="organization" {...form.register("company")} />
            </FormField>
            <FormField label="Telefoonnummer" optional error={errors.phone?.message}>
              <Input type="tel" autoComplete="tel" {...form.register("phone")} />
            </FormField>
          </div>
          <FormField label="Waar gaat je vraag over?" error={errors.inquiryType?.message}>
            <Select {...form.register("inquiryType")}>
              {Object.entries(INQUIRY_TYPES).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </Select>
          </FormField>
          <FormField label="Onderwerp" error={errors.subject?.message}>
            <Input {...form.register("subject")} />
          </FormField>
          <FormField label="Bericht" hint="Minimaal 10 karakters." error={errors.message?.message}>
            <textarea
              rows={6}
              className={cn(inputClassName, "h-auto min-h-32 resize-y")}
              {...form.register("message")}
            />
          </FormField>
          {/* The honeypot: invisible to people and skipped by the keyboard; bots that fill every field fill it. */}
          <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
            <label htmlFor="contact-website">Laat dit veld leeg</label>
            <input
              id="contact-website"
              type="text"
              tabIndex={-1}
              autoComplete="off"
              {...form.register(HONEYPOT_FIELD)}
            />
          </div>
          {failure && (
            <p
              role="alert"
              className="rounded-lg border border-destructive/30 bg-destructive/5 p-3 text-sm text-destructive"
            >
              {failure}
            </p>
          )}
          <p className="text-xs text-muted-foreground">
            We gebruiken je gegevens alleen om je vraag te beantwoorden. Lees meer in ons{" "}
            <Link
              href="/legal/privacy"
              className="text-primary underline underline-offset-4 hover:decoration-2"
            >
              privacybeleid
            </Link>
            .
          </p>
          <Button type="submit" disabled={send.isPending} className="self-start">
            {send.isPending && <Spinner />}
            Bericht versturen
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

const META: PageMeta = {
  title: "Contact",
  path: "/support/contact",
  description:
    "Stel je vraag aan het team van Balans. We antwoorden binnen twee werkdagen, maandag tot en met vrijdag van 09:00 tot 17:00.",
  keywords: ["contact", "support", "vraag", "Balans", "klantenservice"],
};

export const getMeta = () => META;

export function Page() {
  return (
    <QueryClientProvider client={queryClient}>
      <ContactPage />
    </QueryClientProvider>
  );
}
