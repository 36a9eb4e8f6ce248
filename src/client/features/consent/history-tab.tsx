import { CONSENT_HISTORY_SHOWN, COOKIE_CATEGORY_INFO, type CookieCategory } from "@shared/consent";
import { Spinner } from "@client/components/ui/spinner";
import type { ConsentState } from "@client/lib/consent/manager";
import { useConsentAuditLines } from "./api";
import { allowedCategoriesText, formatMoment, METHOD_LABELS } from "./format";

const ACTION_LABELS: Record<string, string> = {
  consent_given: "Toestemming gegeven",
  consent_refused: "Geweigerd",
  consent_granted: "Ingeschakeld",
  consent_withdrawn: "Ingetrokken",
};

/** Spec §2.8 history: the last 5 consent changes, newest first, and the last 5 audit lines. */
export function HistoryTab({ consent }: { consent: ConsentState }) {
  const changes = consent.history.slice(-CONSENT_HISTORY_SHOWN).reverse();
  const audit = useConsentAuditLines(consent.sessionId, consent.history.at(-1)?.timestamp ?? "");

  return (
    <div className="flex flex-col gap-5">
      <section aria-labelledby="history-changes" className="flex flex-col gap-2">
        <h3 id="history-changes" className="text-sm font-semibold">
          Je laatste wijzigingen
        </h3>
        {changes.length === 0 ? (
          <p className="text-sm text-muted-foreground">Je hebt nog geen keuze gemaakt.</p>
        ) : (
          <ol className="flex flex-col gap-2">
            {changes.map((entry) => (
              <li key={entry.timestamp} className="rounded-lg border border-border p-3 text-sm">
                <p className="font-medium">{formatMoment(entry.timestamp)}</p>
                <p className="text-muted-foreground">{METHOD_LABELS[entry.method]}</p>
                <p>Toegestaan: {allowedCategoriesText(entry.status)}</p>
              </li>
            ))}
          </ol>
        )}
      </section>

      <section aria-labelledby="history-audit" className="flex flex-col gap-2">
        <h3 id="history-audit" className="text-sm font-semibold">
          Vastgelegd als bewijs
        </h3>
        {consent.sessionId === null ? (
          <p className="text-sm text-muted-foreground">Er is nog niets vastgelegd.</p>
        ) : audit.isPending ? (
          <Spinner />
        ) : audit.isError ? (
          <p className="text-sm text-muted-foreground">Het logboek kon niet worden geladen.</p>
        ) : (
          <ol className="flex flex-col gap-2" aria-label="Auditlog">
            {audit.data.map((line) => (
              <li
                key={`${line.createdAt}-${line.categoryChanged}`}
                className="rounded-lg border border-border p-3 text-sm"
              >
                <p className="font-medium">
                  {ACTION_LABELS[line.action] ?? line.action}:{" "}
                  {line.categoryChanged
                    ? COOKIE_CATEGORY_INFO[line.categoryChanged as CookieCategory]?.title
                    : ""}
                </p>
                <p className="text-muted-foreground">
                  {formatMoment(line.createdAt)} · {onOff(line.previousValue)} → {onOff(line.newValue)} ·
                  bewaartermijn {line.dataRetentionPeriod}
                </p>
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}

function onOff(value: boolean | null): string {
  if (value === null) return "geen keuze";
  return value ? "aan" : "uit";
}
