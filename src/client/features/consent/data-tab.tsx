import { useQuery } from "@tanstack/react-query";
import { Link } from "wouter";
import { Download, Trash2 } from "lucide-react";
import type { User } from "@shared/schemas/auth";
import { Button } from "@client/components/ui/button";
import { getQueryFn } from "@client/lib/api";
import type { ConsentState } from "@client/lib/consent/manager";
import { hidePrivacySettings } from "@client/lib/consent/privacy-settings";
import { SESSION_QUERY_KEY } from "@client/lib/query-client";
import { toast } from "@client/lib/toast";
import { downloadConsentData } from "./api";
import { allowedCategoriesText, formatMoment, METHOD_LABELS } from "./format";
import { GdprRequestForm } from "./gdpr-request-form";

/**
 * Spec §2.8 data: the current consent with date, method and policy version; the GDPR rights (download, forget my
 * preferences, a request to see or erase one's data); links to the policies and contact.
 */
export function DataTab({
  consent,
  onReset,
  onAnnounce,
}: {
  consent: ConsentState;
  onReset: () => void;
  onAnnounce: (text: string) => void;
}) {
  const { data: user } = useQuery({
    queryKey: SESSION_QUERY_KEY,
    queryFn: getQueryFn<User | null>({ on401: "returnNull" }),
    meta: { ignoreUnauthorized: true },
  });
  const record = consent.record;

  return (
    <div className="flex flex-col gap-5">
      <section aria-labelledby="data-status" className="flex flex-col gap-2">
        <h3 id="data-status" className="text-sm font-semibold">
          Je huidige toestemming
        </h3>
        {record ? (
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-lg border border-border p-3 text-sm">
            <dt className="text-muted-foreground">Datum</dt>
            <dd>{formatMoment(record.timestamp)}</dd>
            <dt className="text-muted-foreground">Methode</dt>
            <dd>{METHOD_LABELS[record.method]}</dd>
            <dt className="text-muted-foreground">Beleidsversie</dt>
            <dd>{record.version}</dd>
            <dt className="text-muted-foreground">Toegestaan</dt>
            <dd>{allowedCategoriesText(record.status)}</dd>
          </dl>
        ) : (
          <p className="text-sm text-muted-foreground">
            Je hebt nog geen keuze gemaakt; we plaatsen alleen essentiële cookies.
          </p>
        )}
      </section>

      <section aria-labelledby="data-rights" className="flex flex-col gap-2">
        <h3 id="data-rights" className="text-sm font-semibold">
          Je rechten
        </h3>
        <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
          <Button
            variant="outline"
            onClick={() => {
              downloadConsentData(consent);
              onAnnounce("Gegevens gedownload");
              toast({
                title: "Gegevens gedownload",
                description: "Je cookiegegevens zijn als JSON-bestand opgeslagen.",
              });
            }}
          >
            <Download aria-hidden />
            Download mijn gegevens
          </Button>
          {user && (
            <Button asChild variant="outline">
              <a href="/api/privacy/export" download>
                <Download aria-hidden />
                Alle accountgegevens (JSON)
              </a>
            </Button>
          )}
          <Button variant="outline" onClick={onReset}>
            <Trash2 aria-hidden />
            Vergeet mijn voorkeuren
          </Button>
        </div>
      </section>

      <GdprRequestForm defaultEmail={user?.email ?? ""} onAnnounce={onAnnounce} />

      <nav aria-label="Privacy-informatie" className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
        <Link
          href="/legal/privacy"
          onClick={hidePrivacySettings}
          className="text-primary underline underline-offset-2"
        >
          Privacybeleid
        </Link>
        <Link
          href="/legal/cookiebeleid"
          onClick={hidePrivacySettings}
          className="text-primary underline underline-offset-2"
        >
          Cookiebeleid
        </Link>
        <Link
          href="/support/contact"
          onClick={hidePrivacySettings}
          className="text-primary underline underline-offset-2"
        >
          Contact
        </Link>
      </nav>
    </div>
  );
}
