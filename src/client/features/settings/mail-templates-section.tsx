import { useMemo, useState } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import {
  DOCUMENT_LANGUAGE_LABELS,
  DOCUMENT_LANGUAGES,
  type DocumentLanguage,
} from "@shared/invoices/document-texts";
import {
  fillMailTemplate,
  MAIL_BODY_MAX_LENGTH,
  MAIL_PLACEHOLDERS,
  MAIL_TEMPLATE_KIND_LABELS,
  MAIL_TEMPLATE_KINDS,
  mailTemplateInputSchema,
  PLACEHOLDERS_BY_KIND,
  SAMPLE_MAIL_VALUES,
  type MailTemplate,
  type MailTemplateFormInput,
  type MailTemplateInput,
  type MailTemplateKind,
} from "@shared/schemas/mail-templates";
import { Button } from "@client/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@client/components/ui/card";
import { FormField } from "@client/components/ui/form-field";
import { Input, inputClassName } from "@client/components/ui/input";
import { Skeleton } from "@client/components/ui/skeleton";
import { Spinner } from "@client/components/ui/spinner";
import { getErrorMessage } from "@client/lib/api";
import { applyFieldErrors } from "@client/lib/form-errors";
import { toast } from "@client/lib/toast";
import { cn } from "@client/lib/utils";
import { useMailTemplates, useResetMailTemplate, useSaveMailTemplate } from "./mail-templates-api";

/**
 * Settings → Bedrijf → E-mailteksten: the subject and text of each e-mail Balans sends for the user, per kind
 * and language, with the placeholders beside the editor and a preview filled with sample data.
 */
export function MailTemplatesSection() {
  const templates = useMailTemplates();
  const [kind, setKind] = useState<MailTemplateKind>("invoice");
  const [language, setLanguage] = useState<DocumentLanguage>("nl");
  const template = templates.data?.find((item) => item.kind === kind && item.language === language);
  return (
    <Card>
      <CardHeader>
        <CardTitle>E-mailteksten</CardTitle>
        <CardDescription>
          Het onderwerp en de tekst van de e-mails die Balans namens jou verstuurt, in het Nederlands en in
          het Engels: elke klant krijgt de taal die bij de klant is ingesteld. Woorden tussen accolades, zoals
          {" {factuurnummer}"}, worden bij het versturen ingevuld.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="Soort e-mail">
            <select
              className={cn(inputClassName, "pr-8")}
              value={kind}
              onChange={(event) => setKind(event.target.value as MailTemplateKind)}
            >
              {MAIL_TEMPLATE_KINDS.map((option) => (
                <option key={option} value={option}>
                  {MAIL_TEMPLATE_KIND_LABELS[option]}
                </option>
              ))}
            </select>
          </FormField>
          <FormField label="Taal">
            <select
              className={cn(inputClassName, "pr-8")}
              value={language}
              onChange={(event) => setLanguage(event.target.value as DocumentLanguage)}
            >
              {DOCUMENT_LANGUAGES.map((option) => (
                <option key={option} value={option}>
                  {DOCUMENT_LANGUAGE_LABELS[option]}
                </option>
              ))}
            </select>
          </FormField>
        </div>
        {templates.isPending ? (
          <Skeleton className="h-80" />
        ) : templates.isError ? (
          <p role="alert" className="text-sm text-destructive">
            E-mailteksten laden mislukt: {getErrorMessage(templates.error)}
          </p>
        ) : template ? (
          // A new key per template: switching kind or language starts the form afresh from the saved text.
          <MailTemplateForm key={`${kind}-${language}`} template={template} />
        ) : null}
      </CardContent>
    </Card>
  );
}

const toFormValues = (template: MailTemplate) => ({ subject: template.subject, body: template.body });

function MailTemplateForm({ template }: { template: MailTemplate }) {
  const { kind, language } = template;
  const save = useSaveMailTemplate();
  const reset = useResetMailTemplate();
  const schema = useMemo(() => mailTemplateInputSchema(kind), [kind]);
  const form = useForm<MailTemplateFormInput, unknown, MailTemplateInput>({
    resolver: zodResolver(schema),
    defaultValues: toFormValues(template),
    mode: "onChange",
  });
  const { errors, isDirty } = form.formState;
  const subject = form.watch("subject") ?? "";
  const body = form.watch("body") ?? "";
  const preview = fillMailTemplate({ subject, body }, SAMPLE_MAIL_VALUES[language]);
  const key = { kind, language };

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      const saved = await save.mutateAsync({ key, input });
      form.reset(toFormValues(saved));
      toast({ title: "E-mailtekst opgeslagen" });
    } catch (error) {
      toast({ variant: "destructive", title: "Fout", description: getErrorMessage(error) });
      applyFieldErrors(error, ["subject", "body"], form.setError);
    }
  });

  const onReset = async () => {
    try {
      const standard = await reset.mutateAsync(key);
      form.reset(toFormValues(standard));
      toast({ title: "Standaardtekst hersteld" });
    } catch (error) {
      toast({ variant: "destructive", title: "Fout", description: getErrorMessage(error) });
    }
  };

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
      <form
        onSubmit={onSubmit}
        noValidate
        aria-label={`E-mailtekst ${MAIL_TEMPLATE_KIND_LABELS[kind]} (${DOCUMENT_LANGUAGE_LABELS[language]})`}
        className="flex min-w-0 flex-col gap-4"
      >
        <FormField label="Onderwerp" error={errors.subject?.message}>
          <Input autoComplete="off" {...form.register("subject")} />
        </FormField>
        <FormField
          label="Tekst"
          hint={`${body.length}/${MAIL_BODY_MAX_LENGTH} tekens.`}
          error={errors.body?.message}
        >
          <textarea
            rows={12}
            className={cn(inputClassName, "h-auto min-h-48 resize-y font-mono text-sm")}
            {...form.register("body")}
          />
        </FormField>
        <div className="flex flex-wrap justify-end gap-2">
          {template.isCustom && (
            <Button type="button" variant="outline" disabled={reset.isPending} onClick={() => void onReset()}>
              {reset.isPending && <Spinner />}
              Standaardtekst herstellen
            </Button>
          )}
          <Button type="submit" disabled={save.isPending || !isDirty}>
            {save.isPending && <Spinner />}
            Opslaan
          </Button>
        </div>
        <section aria-label="Voorbeeld" className="flex flex-col gap-2 rounded-lg border bg-muted/40 p-4">
          <h3 className="text-sm font-semibold">Voorbeeld met voorbeeldgegevens</h3>
          <p className="text-sm">
            <span className="text-muted-foreground">Onderwerp: </span>
            <span data-testid="mail-preview-subject" className="font-medium break-words">
              {preview.subject}
            </span>
          </p>
          <pre
            data-testid="mail-preview-body"
            className="font-sans text-sm break-words whitespace-pre-wrap text-foreground"
          >
            {preview.body}
          </pre>
        </section>
      </form>
      <aside aria-label="Invulvelden" className="flex flex-col gap-2 text-sm">
        <h3 className="font-semibold">Invulvelden</h3>
        <p className="text-muted-foreground">Deze woorden tussen accolades kun je gebruiken:</p>
        <dl className="flex flex-col gap-2">
          {PLACEHOLDERS_BY_KIND[kind].map((name) => (
            <div key={name}>
              <dt>
                <code className="rounded bg-muted px-1 py-0.5 text-xs">{`{${name}}`}</code>
              </dt>
              <dd className="text-muted-foreground">{MAIL_PLACEHOLDERS[name]}</dd>
            </div>
          ))}
        </dl>
      </aside>
    </div>
  );
}
