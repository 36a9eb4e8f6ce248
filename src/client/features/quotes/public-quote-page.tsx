/**
 * /offerte?token=…: the page a client reaches from the link in a quote's e-mail, without an account. It shows
 * the quote and its PDF, and lets the client accept it (typing their name) or decline it (with a reason if they
 * like). A wrong, answered or expired link gets a clear page and changes nothing.
 */
import { useState, type FormEvent, type ReactNode } from "react";
import { useSearchParams } from "wouter";
import { CircleAlert, CircleCheck, CircleX, Download } from "lucide-react";
import { businessDate } from "@shared/dates";
import { formatDate, formatEuro, formatNumber } from "@shared/format";
import { parseCents } from "@shared/money";
import { AcceptQuoteInputSchema, DeclineQuoteInputSchema, type PublicQuote } from "@shared/schemas/quotes";
import { Logo } from "@client/components/layout/logo";
import { Button } from "@client/components/ui/button";
import { buttonVariants } from "@client/components/ui/button-variants";
import { FormField } from "@client/components/ui/form-field";
import { Input } from "@client/components/ui/input";
import { PageLoader, Spinner } from "@client/components/ui/spinner";
import { ApiError, getErrorMessage } from "@client/lib/api";
import { useDocumentTitle } from "@client/lib/use-document-title";
import { publicQuotePdfUrl, useAnswerQuote, usePublicQuote } from "./api";

const money = (amount: string) => formatEuro(parseCents(amount) ?? 0);
const MISSING_TOKEN =
  "Deze link is niet compleet. Open de link uit de e-mail met de offerte opnieuw, of vraag de afzender om een nieuwe.";

export function PublicQuotePage() {
  useDocumentTitle("Offerte bekijken");
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const quote = usePublicQuote(token);

  let content: ReactNode;
  if (token === "") content = <Refusal message={MISSING_TOKEN} />;
  else if (quote.isPending) content = <PageLoader label="Offerte laden..." />;
  else if (quote.isError) content = <Refusal message={getErrorMessage(quote.error)} />;
  else content = <QuoteView quote={quote.data} token={token} />;

  return (
    <div className="min-h-dvh bg-muted/40">
      <main
        id="main-content"
        tabIndex={-1}
        className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-8 sm:px-6"
      >
        <Logo />
        {content}
        <p className="text-center text-xs text-muted-foreground">
          Deze offerte is verstuurd met Balans, boekhouden voor zzp&apos;ers.
        </p>
      </main>
    </div>
  );
}

function Refusal({ message }: { message: string }) {
  return (
    <div role="alert" className="flex gap-3 rounded-2xl border border-border bg-card p-6 shadow-sm">
      <CircleAlert aria-hidden className="mt-0.5 size-5 shrink-0 text-destructive" />
      <div className="flex flex-col gap-1">
        <h1 className="text-lg font-semibold">Deze offerte kan niet worden geopend</h1>
        <p className="text-sm text-muted-foreground">{message}</p>
      </div>
    </div>
  );
}

function QuoteView({ quote, token }: { quote: PublicQuote; token: string }) {
  return (
    <>
      <section className="flex flex-col gap-5 rounded-2xl border border-border bg-card p-5 shadow-sm sm:p-7">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <p className="text-sm text-muted-foreground">Offerte van {quote.sellerName}</p>
            <h1 className="text-2xl font-bold tracking-tight">Offerte {quote.quoteNumber}</h1>
            {quote.clientName && <p className="text-sm text-muted-foreground">Voor {quote.clientName}</p>}
          </div>
          <a
            href={publicQuotePdfUrl(token)}
            target="_blank"
            rel="noreferrer"
            className={buttonVariants({ variant: "outline", size: "sm" })}
          >
            <Download aria-hidden />
            PDF
          </a>
        </div>
        <dl className="grid grid-cols-2 gap-3 text-sm sm:max-w-sm">
          <div>
            <dt className="text-muted-foreground">Offertedatum</dt>
            <dd className="font-medium">{formatDate(quote.issueDate)}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Geldig tot en met</dt>
            <dd className="font-medium">{formatDate(quote.validUntil)}</dd>
          </div>
        </dl>
        <div className="overflow-x-auto">
          <table className="w-full text-sm">
            <caption className="sr-only">Regels van de offerte</caption>
            <thead className="text-left text-xs text-muted-foreground">
              <tr>
                <th className="py-1 pr-3 font-medium">Omschrijving</th>
                <th className="py-1 pr-3 text-right font-medium">Aantal</th>
                <th className="hidden py-1 pr-3 text-right font-medium sm:table-cell">Prijs</th>
                <th className="hidden py-1 pr-3 text-right font-medium sm:table-cell">Btw</th>
                <th className="py-1 text-right font-medium">Bedrag</th>
              </tr>
            </thead>
            <tbody className="tabular-nums">
              {quote.lines.map((line, index) => (
                <tr key={index} className="border-t border-border">
                  <td className="py-2 pr-3 break-words">{line.description}</td>
                  <td className="py-2 pr-3 text-right">{formatNumber(Number(line.quantity))}</td>
                  <td className="hidden py-2 pr-3 text-right sm:table-cell">{money(line.unitPrice)}</td>
                  <td className="hidden py-2 pr-3 text-right sm:table-cell">{line.vatLabel}</td>
                  <td className="py-2 text-right">{money(line.amount)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <dl className="ml-auto grid w-full max-w-xs grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm tabular-nums">
          <dt className="text-muted-foreground">Subtotaal (excl. btw)</dt>
          <dd className="text-right">{money(quote.subtotal)}</dd>
          {quote.vatBreakdown.map((row) => (
            <div key={row.label} className="contents">
              <dt className="text-muted-foreground">
                {row.label} over {money(row.base)}
              </dt>
              <dd className="text-right">{money(row.vat)}</dd>
            </div>
          ))}
          <dt className="font-semibold">Totaal</dt>
          <dd className="text-right text-base font-semibold">{money(quote.total)}</dd>
        </dl>
        {quote.notes && <p className="text-sm whitespace-pre-line text-muted-foreground">{quote.notes}</p>}
      </section>
      <Answer quote={quote} token={token} />
    </>
  );
}

function Answer({ quote, token }: { quote: PublicQuote; token: string }) {
  if (quote.answer) {
    const isAccepted = quote.answer.status === "accepted";
    const Icon = isAccepted ? CircleCheck : CircleX;
    return (
      <div role="status" className="flex gap-3 rounded-2xl border border-border bg-card p-5 shadow-sm">
        <Icon aria-hidden className={isAccepted ? "size-5 text-emerald-700" : "size-5 text-amber-700"} />
        <p className="text-sm">
          {isAccepted
            ? `Geaccepteerd door ${quote.answer.name} op ${formatDate(businessDate(new Date(quote.answer.answeredAt)))}. ${quote.sellerName} neemt contact met je op.`
            : `Je hebt deze offerte afgewezen op ${formatDate(businessDate(new Date(quote.answer.answeredAt)))}. Bedankt voor het laten weten.`}
        </p>
      </div>
    );
  }
  if (quote.status === "expired") {
    return (
      <div role="status" className="flex gap-3 rounded-2xl border border-border bg-card p-5 shadow-sm">
        <CircleAlert aria-hidden className="size-5 shrink-0 text-amber-700" />
        <p className="text-sm">
          Deze offerte was geldig tot en met {formatDate(quote.validUntil)} en kan niet meer worden
          geaccepteerd. Vraag {quote.sellerName} om een nieuwe offerte.
        </p>
      </div>
    );
  }
  return <AnswerForm quote={quote} token={token} />;
}

function AnswerForm({ quote, token }: { quote: PublicQuote; token: string }) {
  const answer = useAnswerQuote();
  const [mode, setMode] = useState<"accept" | "decline">("accept");
  const [name, setName] = useState("");
  const [reason, setReason] = useState("");
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [refusal, setRefusal] = useState<string | undefined>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setRefusal(undefined);
    const parsed =
      mode === "accept"
        ? AcceptQuoteInputSchema.safeParse({ token, name })
        : DeclineQuoteInputSchema.safeParse({ token, reason });
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message);
      return;
    }
    try {
      await answer.mutateAsync(
        mode === "accept" ? { kind: "accept", token, name } : { kind: "decline", token, reason },
      );
    } catch (error) {
      if (error instanceof ApiError && error.fieldErrors) setFieldError(Object.values(error.fieldErrors)[0]);
      else setRefusal(getErrorMessage(error));
    }
  };

  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label="Offerte beantwoorden"
      className="flex flex-col gap-4 rounded-2xl border border-border bg-card p-5 shadow-sm sm:p-7"
    >
      <div className="flex flex-col gap-1">
        <h2 className="text-lg font-semibold">Wat vind je van deze offerte?</h2>
        <p className="text-sm text-muted-foreground">
          Je antwoord gaat direct naar {quote.sellerName}. Je kunt één keer antwoorden.
        </p>
      </div>
      <div role="radiogroup" aria-label="Antwoord" className="flex flex-wrap gap-2">
        {(["accept", "decline"] as const).map((value) => (
          <Button
            key={value}
            type="button"
            role="radio"
            aria-checked={mode === value}
            variant={mode === value ? "default" : "outline"}
            onClick={() => {
              setMode(value);
              setFieldError(undefined);
            }}
          >
            {value === "accept" ? "Accepteren" : "Afwijzen"}
          </Button>
        ))}
      </div>
      {mode === "accept" ? (
        <FormField
          label="Je volledige naam"
          hint={`Met je naam ga je akkoord met offerte ${quote.quoteNumber} voor ${money(quote.total)}.`}
          error={fieldError}
        >
          <Input
            value={name}
            autoComplete="name"
            maxLength={200}
            onChange={(event) => setName(event.target.value)}
          />
        </FormField>
      ) : (
        <FormField label="Reden" optional error={fieldError}>
          <textarea
            value={reason}
            rows={3}
            maxLength={1000}
            onChange={(event) => setReason(event.target.value)}
            className="min-h-20 w-full rounded-lg border border-input bg-background px-3 py-2 text-sm outline-none focus-visible:ring-3 focus-visible:ring-ring/40"
          />
        </FormField>
      )}
      {refusal && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {refusal}
        </p>
      )}
      <div>
        <Button type="submit" size="lg" disabled={answer.isPending} className="w-full sm:w-auto">
          {answer.isPending && <Spinner />}
          {mode === "accept" ? "Offerte accepteren" : "Offerte afwijzen"}
        </Button>
      </div>
    </form>
  );
}
