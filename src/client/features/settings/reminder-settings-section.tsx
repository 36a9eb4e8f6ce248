import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import {
  MAX_REMINDER_DAYS,
  ReminderSettingsInputSchema,
  type ReminderSettings,
  type ReminderSettingsFormInput,
  type ReminderSettingsInput,
} from "@shared/schemas/reminders";
import { Button } from "@client/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@client/components/ui/card";
import { Checkbox } from "@client/components/ui/checkbox";
import { FormField } from "@client/components/ui/form-field";
import { Input } from "@client/components/ui/input";
import { Skeleton } from "@client/components/ui/skeleton";
import { Spinner } from "@client/components/ui/spinner";
import { getErrorMessage } from "@client/lib/api";
import { applyFieldErrors } from "@client/lib/form-errors";
import { toast, toastError } from "@client/lib/toast";
import { useReminderSettings, useSaveReminderSettings } from "./reminders-api";

const DAY_FIELDS = ["friendlyAfterDays", "secondAfterDays", "finalAfterDays"] as const;

/**
 * Settings → Herinneringen: the steps after an invoice's due date. The last step follows Dutch collection law:
 * a consumer first gets the veertiendagenbrief (art. 6:96 lid 6 BW) and costs only after its term; a business
 * gets the notice with the commercial interest (art. 6:119a BW) and the collection costs.
 */
export function ReminderSettingsSection() {
  const settings = useReminderSettings();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Herinneringen</CardTitle>
        <CardDescription>
          Balans stuurt klanten die niet op tijd betalen automatisch een herinnering per e-mail, met een
          PDF-brief en een betaal-QR-code voor het openstaande bedrag. Betaalde en gecrediteerde facturen
          krijgen niets.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {settings.isPending ? (
          <Skeleton className="h-40" />
        ) : settings.isError ? (
          <p role="alert" className="text-sm text-destructive">
            Herinneringen laden mislukt: {getErrorMessage(settings.error)}
          </p>
        ) : (
          <ReminderSettingsForm settings={settings.data} />
        )}
      </CardContent>
    </Card>
  );
}

type FormValues = { isEnabled: boolean } & Record<(typeof DAY_FIELDS)[number], string>;

function ReminderSettingsForm({ settings }: { settings: ReminderSettings }) {
  const save = useSaveReminderSettings();
  const form = useForm<ReminderSettingsFormInput, unknown, ReminderSettingsInput>({
    resolver: zodResolver(ReminderSettingsInputSchema),
    defaultValues: {
      isEnabled: settings.isEnabled,
      friendlyAfterDays: String(settings.friendlyAfterDays),
      secondAfterDays: String(settings.secondAfterDays),
      finalAfterDays: String(settings.finalAfterDays),
    } satisfies FormValues,
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      const saved = await save.mutateAsync(input);
      form.reset({
        isEnabled: saved.isEnabled,
        friendlyAfterDays: String(saved.friendlyAfterDays),
        secondAfterDays: String(saved.secondAfterDays),
        finalAfterDays: String(saved.finalAfterDays),
      });
      toast({
        title: "Herinneringen opgeslagen",
        description: saved.isEnabled
          ? "Herinneringen gaan automatisch uit."
          : "Automatisch versturen staat uit.",
      });
    } catch (error) {
      toastError(error);
      applyFieldErrors(error, ["isEnabled", ...DAY_FIELDS], form.setError);
    }
  });

  const dayInput = (name: (typeof DAY_FIELDS)[number]) => (
    <Input
      type="number"
      inputMode="numeric"
      min={1}
      max={MAX_REMINDER_DAYS}
      step={1}
      {...form.register(name, { deps: [...DAY_FIELDS] })}
    />
  );

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Herinneringen" className="flex flex-col gap-4">
      <Checkbox
        id="reminders-enabled"
        label="Herinneringen automatisch versturen"
        description="Uit: je stuurt een herinnering zelf vanaf de factuur."
        {...form.register("isEnabled")}
      />
      <div className="grid gap-4 sm:grid-cols-3">
        <FormField
          label="Vriendelijke herinnering"
          hint="Dagen na de vervaldatum"
          error={errors.friendlyAfterDays?.message}
        >
          {dayInput("friendlyAfterDays")}
        </FormField>
        <FormField
          label="Tweede herinnering"
          hint="Dagen na de vervaldatum"
          error={errors.secondAfterDays?.message}
        >
          {dayInput("secondAfterDays")}
        </FormField>
        <FormField label="Laatste stap" hint="Dagen na de vervaldatum" error={errors.finalAfterDays?.message}>
          {dayInput("finalAfterDays")}
        </FormField>
      </div>
      <ul className="flex list-disc flex-col gap-1 pl-5 text-xs text-muted-foreground">
        <li>
          Particulieren krijgen als laatste stap de veertiendagenbrief (art. 6:96 lid 6 BW): 15 dagen na
          bezorging om zonder kosten te betalen. Pas daarna volgt een aanmaning met incassokosten en de
          wettelijke rente (art. 6:119 BW).
        </li>
        <li>
          Bedrijven krijgen als laatste stap een aanmaning met de wettelijke handelsrente (art. 6:119a BW) en
          de incassokosten volgens het Besluit vergoeding voor buitengerechtelijke incassokosten.
        </li>
        <li>
          Of een klant particulier is, stel je in bij de klant. Daar en bij elke factuur kun je pauzeren.
        </li>
      </ul>
      <div className="flex justify-end">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending && <Spinner />}
          Opslaan
        </Button>
      </div>
    </form>
  );
}
