import { useState, type FormEvent } from "react";
import { useQuery } from "@tanstack/react-query";
import { Link } from "wouter";
import { Download, Trash2 } from "lucide-react";
import type { User } from "@shared/schemas/auth";
import {
  GDPR_REQUEST_TYPE_LABELS,
  GDPR_REQUEST_TYPES,
  GdprRequestInputSchema,
  type GdprRequestType,
} from "@shared/schemas/consent";
import { formatDate } from "@shared/format";
import { Button } from "@client/components/ui/button";
import { FormField } from "@client/components/ui/form-field";
import { Input } from "@client/components/ui/input";
import { ApiError, getErrorMessage, getQueryFn } from "@client/lib/api";
import type { ConsentState } from "@client/lib/consent/manager";
import { hidePrivacySettings } from "@client/lib/consent/privacy-settings";
import { SESSION_QUERY_KEY } from "@client/lib/query-client";
import { toast } from "@client/lib/toast";
import { downloadConsentData, useCreateGdprRequest } from "./api";
import { allowedCategoriesText, formatMoment, METHOD_LABELS } from "./format";

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

/** AVG art. 15 and 17: a request to see or erase one's data; confirmed by e-mail, answered within a month. */
function GdprRequestForm({
  defaultEmail,
  onAnnounce,
}: {
  defaultEmail: string;
  onAnnounce: (text: string) => void;
}) {
  const [email, setEmail] = useState(defaultEmail);
  const [requestType, setRequestType] = useState<GdprRequestType>("access");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const createRequest = useCreateGdprRequest();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = GdprRequestInputSchema.safeParse({ email, requestType });
    if (!parsed.success) {
      setErrors(
        Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])),
      );
      return;
    }
    setErrors({});
    createRequest.mutate(parsed.data, {
      onSuccess: (answer) => {
        const description = `Je ontvangt een bevestiging per e-mail. We reageren uiterlijk op ${formatDate(answer.dueDate)}.`;
        toast({ title: "Verzoek ontvangen", description });
        onAnnounce(`Verzoek ontvangen. ${description}`);
      },
      onError: (error) => {
        if (error instanceof ApiError && error.fieldErrors) setErrors(error.fieldErrors);
        toast({
          variant: "destructive",
          title: "Verzoek niet verstuurd",
          description: getErrorMessage(error),
        });
      },
    });
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-labelledby="data-request"
      className="flex flex-col gap-3 rounded-lg border border-border p-3"
    >
      <h3 id="data-request" className="text-sm font-semibold">
        Inzage of verwijdering aanvragen
      </h3>
      <fieldset className="flex flex-col gap-1.5">
        <legend className="mb-1 text-sm font-medium">Soort verzoek</legend>
        {GDPR_REQUEST_TYPES.map((type) => (
          <label key={type} className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name="requestType"
              value={type}
              checked={requestType === type}
              onChange={() => setRequestType(type)}
              className="size-4 accent-primary"
            />
            {GDPR_REQUEST_TYPE_LABELS[type]}
          </label>
        ))}
      </fieldset>
      {requestType === "erasure" && (
        <p className="text-xs text-muted-foreground">
          We verwijderen wat kan. Facturen en je boekhouding moeten we volgens de fiscale bewaarplicht zeven
          jaar bewaren; die schermen we af tot de termijn voorbij is.
        </p>
      )}
      <FormField label="E-mailadres" error={errors.email}>
        <Input
          type="email"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
      </FormField>
      <Button type="submit" className="self-start" disabled={createRequest.isPending}>
        {createRequest.isPending ? "Versturen..." : "Verzoek versturen"}
      </Button>
    </form>
  );
}
