/**
 * /betaling?id=…: where the payment provider sends the payer back after paying an invoice online (no account).
 * It asks Balans, which asks the provider, so it shows the truth: paid, still being processed (it asks again
 * every few seconds), or not paid (a new attempt starts from the link in the invoice).
 */
import type { ReactNode } from "react";
import { useQuery } from "@tanstack/react-query";
import { useSearchParams } from "wouter";
import { CircleAlert, CircleCheck, Clock } from "lucide-react";
import { formatEuro } from "@shared/format";
import { parseCents } from "@shared/money";
import type { PaymentReturn } from "@shared/schemas/payment-links";
import { Logo } from "@client/components/layout/logo";
import { PageLoader } from "@client/components/ui/spinner";
import { apiRequest, getErrorMessage } from "@client/lib/api";
import { useDocumentTitle } from "@client/lib/use-document-title";

const POLL_MS = 3_000;
const MISSING_ID = "Deze link is niet compleet. Open de betaallink uit de factuur opnieuw.";

function usePaymentReturn(id: string) {
  return useQuery({
    queryKey: ["payment-return", id],
    queryFn: () => apiRequest<PaymentReturn>("GET", `/api/payment-links/${encodeURIComponent(id)}/return`),
    enabled: id !== "",
    retry: false,
    refetchInterval: (query) => (query.state.data?.state === "processing" ? POLL_MS : false),
  });
}

export function PaymentReturnPage() {
  useDocumentTitle("Betaling");
  const [params] = useSearchParams();
  const id = params.get("id") ?? "";
  const answer = usePaymentReturn(id);

  let content: ReactNode;
  if (id === "") content = <Outcome tone="refused" title="Betaling niet gevonden" text={MISSING_ID} />;
  else if (answer.isPending) content = <PageLoader label="Betaling controleren..." />;
  else if (answer.isError) {
    content = <Outcome tone="refused" title="Betaling niet gevonden" text={getErrorMessage(answer.error)} />;
  } else content = <Result payment={answer.data} />;

  return (
    <div className="min-h-dvh bg-muted/40">
      <main
        id="main-content"
        tabIndex={-1}
        className="mx-auto flex w-full max-w-xl flex-col gap-6 px-4 py-8 sm:px-6"
      >
        <Logo />
        {content}
        <p className="text-center text-xs text-muted-foreground">
          Deze factuur is verstuurd met Balans, boekhouden voor zzp&apos;ers.
        </p>
      </main>
    </div>
  );
}

function Result({ payment }: { payment: PaymentReturn }) {
  const amount = formatEuro(parseCents(payment.amount) ?? 0);
  const invoice = `factuur ${payment.invoiceNumber}${payment.sellerName ? ` van ${payment.sellerName}` : ""}`;
  if (payment.state === "paid") {
    return (
      <Outcome
        tone="done"
        title="Bedankt, je betaling is gelukt"
        text={`We hebben ${amount} voor ${invoice} ontvangen. Je hoeft verder niets te doen.`}
      />
    );
  }
  if (payment.state === "failed") {
    return (
      <Outcome
        tone="refused"
        title="De betaling is niet gelukt"
        text={`Er is niets afgeschreven voor ${invoice}. Probeer het opnieuw via de link in de factuur, of maak het bedrag over naar het rekeningnummer op de factuur.`}
      />
    );
  }
  return (
    <Outcome
      tone="waiting"
      title="Je betaling wordt verwerkt"
      text={`Je betaling van ${amount} voor ${invoice} is nog in behandeling. Deze pagina ververst vanzelf; je kunt hem ook gewoon sluiten.`}
    />
  );
}

function Outcome({
  tone,
  title,
  text,
}: {
  tone: "done" | "waiting" | "refused";
  title: string;
  text: string;
}) {
  const Icon = tone === "done" ? CircleCheck : tone === "waiting" ? Clock : CircleAlert;
  const color =
    tone === "done" ? "text-success" : tone === "waiting" ? "text-muted-foreground" : "text-destructive";
  return (
    <section
      role={tone === "refused" ? "alert" : "status"}
      className="flex gap-3 rounded-2xl border border-border bg-card p-6 shadow-sm"
    >
      <Icon aria-hidden className={`mt-0.5 size-6 shrink-0 ${color}`} />
      <div className="flex min-w-0 flex-col gap-1">
        <h1 className="text-lg font-semibold">{title}</h1>
        <p className="text-sm break-words text-muted-foreground">{text}</p>
      </div>
    </section>
  );
}
