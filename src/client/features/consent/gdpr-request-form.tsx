import { useState, type FormEvent } from "react";
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
import { ApiError } from "@client/lib/api";
import { toast, toastError } from "@client/lib/toast";
import { useCreateGdprRequest } from "./api";

/**
 * AVG art. 15 and 17: a request to see or erase one's data; confirmed by e-mail, answered within a month.
 * Used in the privacy dialog's data tab; the privacy page (/legal/privacy) can show the same form.
 */
export function GdprRequestForm({
  defaultEmail,
  onAnnounce,
}: {
  defaultEmail: string;
  onAnnounce?: (text: string) => void;
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
        const description =
          answer.status === "completed"
            ? "Je gegevens zijn als bestand naar je e-mailadres gestuurd."
            : answer.requestType === "erasure"
              ? "Bevestig de verwijdering met de link in de e-mail die we je hebben gestuurd."
              : `Bevestig je verzoek met de link in de e-mail. We reageren uiterlijk op ${formatDate(answer.dueDate)}.`;
        toast({ title: "Verzoek ontvangen", description });
        onAnnounce?.(`Verzoek ontvangen. ${description}`);
      },
      onError: (error) => {
        if (error instanceof ApiError && error.fieldErrors) setErrors(error.fieldErrors);
        toastError(error, "Verzoek niet verstuurd");
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
          We verwijderen wat kan en sluiten je account. Facturen en je boekhouding moeten we volgens de
          fiscale bewaarplicht zeven jaar bewaren; die schermen we af tot de termijn voorbij is. Je bevestigt
          de verwijdering met een link in je e-mail.
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
