import { useForm, useWatch } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { businessDate } from "@shared/dates";
import { formatInvoiceNumber, seriesFormatError } from "@shared/invoices/series";
import { SeriesInputSchema, type Series } from "@shared/schemas/invoices";
import { Button } from "@client/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@client/components/ui/card";
import { FormField } from "@client/components/ui/form-field";
import { Input } from "@client/components/ui/input";
import { Skeleton } from "@client/components/ui/skeleton";
import { Spinner } from "@client/components/ui/spinner";
import { getErrorMessage } from "@client/lib/api";
import { applyFieldErrors } from "@client/lib/form-errors";
import { toast, toastError } from "@client/lib/toast";
import { useInvoiceSeries, useSaveInvoiceSeries } from "./api";

type FormValues = { format: string };

/** The example shows the 42nd invoice of this year, so the counter's width and the year are both visible. */
const EXAMPLE_SEQUENCE = 42;

/**
 * Settings → Factuurnummering: how invoice numbers look. Wet OB art. 35a asks for one unbroken, unique series;
 * Balans numbers an invoice when it is sent, so only the format is chosen here.
 */
export function InvoiceSeriesSection() {
  const series = useInvoiceSeries();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Factuurnummering</CardTitle>
        <CardDescription>
          Een factuur krijgt haar nummer bij het versturen: het volgende uit je reeks, zonder gaten. Een
          concept heeft nog geen nummer.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {series.isPending ? (
          <Skeleton className="h-28" />
        ) : series.isError ? (
          <p role="alert" className="text-sm text-destructive">
            Factuurnummering laden mislukt: {getErrorMessage(series.error)}
          </p>
        ) : (
          <SeriesForm series={series.data} />
        )}
      </CardContent>
    </Card>
  );
}

function SeriesForm({ series }: { series: Series }) {
  const saveSeries = useSaveInvoiceSeries();
  const form = useForm<FormValues>({
    resolver: zodResolver(SeriesInputSchema),
    defaultValues: { format: series.format },
  });
  const { errors } = form.formState;
  const format = useWatch({ control: form.control, name: "format" }).trim();
  const year = Number(businessDate(new Date()).slice(0, 4));
  const example =
    seriesFormatError(format) === null ? formatInvoiceNumber(format, year, EXAMPLE_SEQUENCE) : null;

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      const saved = await saveSeries.mutateAsync(input.format);
      form.reset({ format: saved.format });
      toast({
        title: "Factuurnummering opgeslagen",
        description: `Je volgende factuur krijgt ${saved.nextNumber}.`,
      });
    } catch (error) {
      toastError(error);
      applyFieldErrors(error, ["format"], form.setError);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Factuurnummering" className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2 sm:items-start">
        <FormField label="Formaat" error={errors.format?.message}>
          <Input autoComplete="off" spellCheck={false} className="font-mono" {...form.register("format")} />
        </FormField>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-2 rounded-lg bg-muted/60 px-3 py-2.5 text-sm sm:mt-6">
          <dt className="text-muted-foreground">Voorbeeld</dt>
          <dd className="min-w-0 font-medium break-all tabular-nums" aria-live="polite">
            {example ?? "—"}
          </dd>
          <dt className="text-muted-foreground">Volgende nummer</dt>
          <dd className="min-w-0 font-medium break-all tabular-nums">
            {series.nextNumber}
            {format !== series.format && (
              <span className="block text-xs font-normal text-muted-foreground">
                met het opgeslagen formaat
              </span>
            )}
          </dd>
        </dl>
      </div>
      <ul className="flex list-disc flex-col gap-1 pl-5 text-xs text-muted-foreground">
        <li>
          <code className="font-mono text-foreground">{"{NNNN}"}</code> is de teller: zoveel cijfers als er
          N&apos;s staan (3 tot 10), aangevuld met nullen. Verplicht, precies één keer.
        </li>
        <li>
          <code className="font-mono text-foreground">{"{JJJJ}"}</code> is het jaar van de factuurdatum. Met
          het jaar erin begint de teller elk jaar opnieuw bij 1.
        </li>
        <li>Verder mag je letters, cijfers en - / _ . gebruiken, zoals INV- of F.</li>
      </ul>
      {format !== series.format && example !== null && (
        <p className="text-xs text-muted-foreground">
          Het nieuwe formaat geldt voor facturen die je vanaf nu verstuurt; nummers die al zijn gegeven
          blijven zoals ze zijn.
        </p>
      )}
      <div className="flex justify-end">
        <Button type="submit" disabled={saveSeries.isPending}>
          {saveSeries.isPending && <Spinner />}
          Opslaan
        </Button>
      </div>
    </form>
  );
}
