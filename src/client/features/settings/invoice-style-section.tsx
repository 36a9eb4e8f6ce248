import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import {
  INVOICE_LAYOUT_LABELS,
  INVOICE_LAYOUTS,
  InvoiceStyleInputSchema,
  PAGE_FOOTER_MAX_LENGTH,
  type InvoiceStyle,
  type InvoiceStyleFormInput,
  type InvoiceStyleInput,
} from "@shared/schemas/invoice-styles";
import { Button } from "@client/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@client/components/ui/card";
import { FormField } from "@client/components/ui/form-field";
import { Input, inputClassName } from "@client/components/ui/input";
import { Skeleton } from "@client/components/ui/skeleton";
import { Spinner } from "@client/components/ui/spinner";
import { getErrorMessage } from "@client/lib/api";
import { applyFieldErrors } from "@client/lib/form-errors";
import { toast, toastError } from "@client/lib/toast";
import { cn } from "@client/lib/utils";
import { useInvoiceStyle, useSaveInvoiceStyle } from "./invoice-style-api";

/** What the colour picker shows while no accent colour is chosen: the standard black title. */
const STANDARD_COLOR = "#000000";
const HEX_COLOR = /^#[0-9a-f]{6}$/i;

/** Settings → Factuuropmaak: the layout, accent colour and footer on every page of invoices and quotes. */
export function InvoiceStyleSection() {
  const style = useInvoiceStyle();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Factuuropmaak</CardTitle>
        <CardDescription>
          De opmaak, kleur en voettekst van je facturen, creditnota&apos;s en offertes. Ze gelden ook voor
          documenten die al verstuurd zijn, net als je logo.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {style.isPending ? (
          <Skeleton className="h-40" />
        ) : style.isError ? (
          <p role="alert" className="text-sm text-destructive">
            Factuuropmaak laden mislukt: {getErrorMessage(style.error)}
          </p>
        ) : (
          <InvoiceStyleForm style={style.data} />
        )}
      </CardContent>
    </Card>
  );
}

const toFormValues = (style: InvoiceStyle) => ({
  accentColor: style.accentColor ?? "",
  pageFooter: style.pageFooter ?? "",
  layout: style.layout,
});

function InvoiceStyleForm({ style }: { style: InvoiceStyle }) {
  const save = useSaveInvoiceStyle();
  const form = useForm<InvoiceStyleFormInput, unknown, InvoiceStyleInput>({
    resolver: zodResolver(InvoiceStyleInputSchema),
    defaultValues: toFormValues(style),
  });
  const { errors } = form.formState;
  const accentColor = form.watch("accentColor") ?? "";
  const pageFooter = form.watch("pageFooter") ?? "";
  const pickerValue = HEX_COLOR.test(accentColor.trim()) ? accentColor.trim().toLowerCase() : STANDARD_COLOR;

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      const saved = await save.mutateAsync(input);
      form.reset(toFormValues(saved));
      toast({ title: "Factuuropmaak opgeslagen", description: "Je PDF's gebruiken nu de nieuwe opmaak." });
    } catch (error) {
      toastError(error);
      applyFieldErrors(error, ["accentColor", "pageFooter", "layout"], form.setError);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Factuuropmaak" className="flex flex-col gap-4">
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-medium">Opmaak</legend>
        <div className="grid gap-2 sm:grid-cols-3">
          {INVOICE_LAYOUTS.map((layout) => (
            <label
              key={layout}
              className="flex cursor-pointer gap-3 rounded-lg border p-3 text-sm has-[:checked]:border-primary has-[:checked]:bg-accent/40 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring"
            >
              <input
                type="radio"
                value={layout}
                className="mt-0.5 size-4 shrink-0 accent-primary"
                {...form.register("layout")}
              />
              <span className="flex flex-col gap-0.5">
                <span className="font-medium">{INVOICE_LAYOUT_LABELS[layout].name}</span>
                <span className="text-muted-foreground">{INVOICE_LAYOUT_LABELS[layout].description}</span>
              </span>
            </label>
          ))}
        </div>
        {errors.layout?.message && (
          <p role="alert" className="text-sm text-destructive">
            {errors.layout.message}
          </p>
        )}
      </fieldset>
      <FormField
        label="Accentkleur"
        optional
        hint="Voor de titel en de lijnen van de tabel. Leeg: zwart en grijs."
        error={errors.accentColor?.message}
      >
        {(control) => (
          <div className="flex flex-wrap items-center gap-2">
            <input
              type="color"
              aria-label="Kies een accentkleur"
              value={pickerValue}
              onChange={(event) =>
                form.setValue("accentColor", event.target.value, { shouldDirty: true, shouldValidate: true })
              }
              className="h-9 w-12 shrink-0 cursor-pointer rounded-md border border-input bg-background p-1"
            />
            <Input
              {...control}
              className="w-32 font-mono"
              placeholder="#1d4ed8"
              autoComplete="off"
              spellCheck={false}
              {...form.register("accentColor")}
            />
            <Button
              type="button"
              variant="outline"
              disabled={!accentColor}
              onClick={() => form.setValue("accentColor", "", { shouldDirty: true, shouldValidate: true })}
            >
              Standaardkleur
            </Button>
          </div>
        )}
      </FormField>
      <FormField
        label="Voettekst onderaan elke pagina"
        optional
        hint={`Bijvoorbeeld je algemene voorwaarden of inschrijvingen. ${pageFooter.length}/${PAGE_FOOTER_MAX_LENGTH} tekens.`}
        error={errors.pageFooter?.message}
      >
        <textarea
          rows={3}
          className={cn(inputClassName, "h-auto min-h-20 resize-y")}
          {...form.register("pageFooter")}
        />
      </FormField>
      <div className="flex justify-end">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending && <Spinner />}
          Opslaan
        </Button>
      </div>
    </form>
  );
}
