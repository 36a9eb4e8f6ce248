import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import {
  ClientInputSchema,
  DEFAULT_CLIENT_COUNTRY,
  DEFAULT_PAYMENT_TERMS_DAYS,
  MAX_PAYMENT_TERMS_DAYS,
  type Client,
  type ClientFormInput,
  type ClientInput,
} from "@shared/schemas/clients";
import {
  DEFAULT_DOCUMENT_LANGUAGE,
  DOCUMENT_LANGUAGE_LABELS,
  DOCUMENT_LANGUAGES,
  type DocumentLanguage,
} from "@shared/invoices/document-texts";
import { vatNumberShape } from "@shared/validators/btw";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "@client/components/ui/dialog";
import { DialogFormFooter } from "@client/components/ui/dialog-form-footer";
import { Checkbox } from "@client/components/ui/checkbox";
import { CountrySelect } from "@client/components/ui/country-select";
import { EmailInput } from "@client/components/ui/email-input";
import { FormField } from "@client/components/ui/form-field";
import { FormSection } from "@client/components/ui/form-section";
import { Input, inputClassName } from "@client/components/ui/input";
import { applyFieldErrors } from "@client/lib/form-errors";
import { toast } from "@client/lib/toast";
import { cn } from "@client/lib/utils";
import { useCreateClient, useUpdateClient } from "./api";
import { ClientReminderPause } from "./client-reminder-pause";

const FIELD_NAMES = [
  "name",
  "contactPerson",
  "email",
  "phone",
  "street",
  "houseNumber",
  "postalCode",
  "city",
  "country",
  "address",
  "taxNumber",
  "kvkNumber",
  "iban",
  "paymentTermsDays",
  "notes",
] as const;

type FormValues = { [Key in (typeof FIELD_NAMES)[number]]: string } & {
  isCustomer: boolean;
  isSupplier: boolean;
  isConsumer: boolean;
  documentLanguage: DocumentLanguage;
};

function toFormValues(client: Client | undefined, isSupplierByDefault: boolean): FormValues {
  const text = (value: string | null | undefined) => value ?? "";
  return {
    isCustomer: client?.isCustomer ?? !isSupplierByDefault,
    isSupplier: client?.isSupplier ?? isSupplierByDefault,
    isConsumer: client?.isConsumer ?? false,
    documentLanguage: client?.documentLanguage ?? DEFAULT_DOCUMENT_LANGUAGE,
    name: text(client?.name),
    contactPerson: text(client?.contactPerson),
    email: text(client?.email),
    phone: text(client?.phone),
    street: text(client?.street),
    houseNumber: text(client?.houseNumber),
    postalCode: text(client?.postalCode),
    city: text(client?.city),
    country: client?.country ?? DEFAULT_CLIENT_COUNTRY,
    address: text(client?.address),
    taxNumber: text(client?.taxNumber),
    kvkNumber: text(client?.kvkNumber),
    iban: text(client?.iban),
    paymentTermsDays: String(client?.paymentTermsDays ?? DEFAULT_PAYMENT_TERMS_DAYS),
    notes: text(client?.notes),
  };
}

interface ClientFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The client to edit; without it the dialog adds a new one. */
  client?: Client | undefined;
  /** A new relation starts as a supplier rather than a customer (added while Relaties shows suppliers). */
  isSupplierByDefault?: boolean;
}

/** "Klant" unless the relation is only a supplier. */
const isSupplierOnly = (client: Client | undefined, isSupplierByDefault: boolean) =>
  client ? client.isSupplier && !client.isCustomer : isSupplierByDefault;

/** Spec §2.16 and §5: the client form in its three sections, checked by the same schema as the server. */
export function ClientFormDialog({
  open,
  onOpenChange,
  client,
  isSupplierByDefault = false,
}: ClientFormDialogProps) {
  const noun = isSupplierOnly(client, isSupplierByDefault) ? "leverancier" : "klant";
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl gap-6">
        <DialogHeader>
          <DialogTitle>
            {client ? `${noun === "klant" ? "Klant" : "Leverancier"} bewerken` : `Nieuwe ${noun}`}
          </DialogTitle>
          <DialogDescription>
            {client
              ? "Wijzig de gegevens van deze klant."
              : "Vul de gegevens van de klant in; alleen de naam is nodig, de rest kun je later aanvullen."}
          </DialogDescription>
        </DialogHeader>
        {/* Keyed by client, so opening another client starts from that client's values. */}
        <ClientForm
          key={client?.id ?? `new-${noun}`}
          client={client}
          isSupplierByDefault={isSupplierByDefault}
          onDone={() => onOpenChange(false)}
        />
        {client?.isCustomer && <ClientReminderPause clientId={client.id} />}
      </DialogContent>
    </Dialog>
  );
}

const noun = (input: ClientInput) => (input.isSupplier && !input.isCustomer ? "Leverancier" : "Klant");

function ClientForm({
  client,
  isSupplierByDefault,
  onDone,
}: {
  client: Client | undefined;
  isSupplierByDefault: boolean;
  onDone: () => void;
}) {
  const createClient = useCreateClient();
  const updateClient = useUpdateClient();
  const isPending = createClient.isPending || updateClient.isPending;
  const form = useForm<ClientFormInput, unknown, ClientInput>({
    resolver: zodResolver(ClientInputSchema),
    defaultValues: toFormValues(client, isSupplierByDefault),
  });
  const { errors } = form.formState;
  // The schema puts "neither role" on isCustomer; the server may name either.
  const rolesError = errors.isCustomer?.message ?? errors.isSupplier?.message;
  // The Dutch postcode format applies to Dutch addresses only (see ClientInputSchema).
  const country = form.watch("country");
  const isDutch = country === "NL";

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      if (client) {
        await updateClient.mutateAsync({ id: client.id, input });
        toast({ title: `${noun(input)} succesvol bijgewerkt` });
      } else {
        await createClient.mutateAsync(input);
        toast({ title: `${noun(input)} succesvol toegevoegd` });
      }
      onDone();
    } catch (error) {
      toast({
        variant: "destructive",
        title: "Fout",
        description: client ? "Kon klant niet bijwerken" : "Kon klant niet toevoegen",
      });
      applyFieldErrors(
        error,
        [...FIELD_NAMES, "isCustomer", "isSupplier", "isConsumer", "documentLanguage"],
        form.setError,
      );
    }
  });

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={client ? "Klant bewerken" : "Nieuwe klant"}
      className="flex flex-col gap-6"
    >
      <FormSection title="Algemene gegevens">
        <FormField label="Naam" error={errors.name?.message} className="sm:col-span-2">
          <Input autoComplete="organization" {...form.register("name")} />
        </FormField>
        <FormField label="Contactpersoon" optional error={errors.contactPerson?.message}>
          <Input autoComplete="off" {...form.register("contactPerson")} />
        </FormField>
        <FormField label="E-mailadres" optional error={errors.email?.message}>
          <EmailInput autoComplete="off" {...form.register("email")} />
        </FormField>
        <FormField
          label="Telefoonnummer"
          optional
          hint="Bijvoorbeeld 06-12345678"
          error={errors.phone?.message}
        >
          <Input type="tel" inputMode="tel" autoComplete="off" {...form.register("phone")} />
        </FormField>
        <fieldset
          className="flex flex-col gap-2 sm:col-span-2"
          aria-describedby={rolesError ? "client-roles-error" : undefined}
        >
          <legend className="mb-2 text-sm font-medium">Soort relatie</legend>
          <div className="flex flex-wrap gap-x-6 gap-y-3">
            <Checkbox
              id="client-is-customer"
              label="Klant"
              description="Je stuurt deze relatie facturen"
              aria-invalid={rolesError ? true : undefined}
              {...form.register("isCustomer", { deps: ["isSupplier"] })}
            />
            <Checkbox
              id="client-is-supplier"
              label="Leverancier"
              description="Je krijgt facturen van deze relatie"
              aria-invalid={rolesError ? true : undefined}
              {...form.register("isSupplier", { deps: ["isCustomer"] })}
            />
          </div>
          {rolesError && (
            <p id="client-roles-error" className="text-[0.8125rem] font-medium text-destructive">
              {rolesError}
            </p>
          )}
        </fieldset>
        <Checkbox
          id="client-is-consumer"
          className="sm:col-span-2"
          label="Particulier"
          description="Een consument, geen bedrijf: herinneringen volgen dan de regels voor particulieren (veertiendagenbrief vóór incassokosten)."
          {...form.register("isConsumer")}
        />
      </FormSection>

      <FormSection title="Adres">
        <FormField label="Straat" optional error={errors.street?.message}>
          <Input autoComplete="off" {...form.register("street")} />
        </FormField>
        <FormField label="Huisnummer" optional error={errors.houseNumber?.message}>
          <Input autoComplete="off" {...form.register("houseNumber")} />
        </FormField>
        <FormField
          label="Postcode"
          optional
          hint={isDutch ? "Formaat: 1234 AB" : undefined}
          error={errors.postalCode?.message}
        >
          <Input autoComplete="off" autoCapitalize="characters" {...form.register("postalCode")} />
        </FormField>
        <FormField label="Plaats" optional error={errors.city?.message}>
          <Input autoComplete="off" {...form.register("city")} />
        </FormField>
        <FormField label="Land" error={errors.country?.message}>
          <CountrySelect {...form.register("country")} />
        </FormField>
        <FormField
          label="Volledig adres"
          optional
          hint="Leeg laten om het samen te stellen uit straat, huisnummer, postcode en plaats."
          error={errors.address?.message}
          className="sm:col-span-2"
        >
          <textarea
            rows={2}
            className={cn(inputClassName, "h-auto min-h-16 resize-y")}
            {...form.register("address")}
          />
        </FormField>
      </FormSection>

      <FormSection title="Bedrijfsgegevens">
        <FormField
          label="BTW-nummer"
          optional
          hint={`Bijvoorbeeld ${vatNumberShape(country)}`}
          error={errors.taxNumber?.message}
        >
          <Input
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            {...form.register("taxNumber")}
          />
        </FormField>
        <FormField label="KvK-nummer" optional hint="8 cijfers" error={errors.kvkNumber?.message}>
          <Input inputMode="numeric" autoComplete="off" {...form.register("kvkNumber")} />
        </FormField>
        <FormField label="IBAN" optional error={errors.iban?.message}>
          <Input
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            {...form.register("iban")}
          />
        </FormField>
        <FormField label="Betalingstermijn (dagen)" error={errors.paymentTermsDays?.message}>
          <Input
            type="number"
            inputMode="numeric"
            min={0}
            max={MAX_PAYMENT_TERMS_DAYS}
            step={1}
            {...form.register("paymentTermsDays")}
          />
        </FormField>
        <FormField
          label="Taal van facturen en offertes"
          hint="De vaste teksten, datums en bedragen op de factuur en de offerte."
          error={errors.documentLanguage?.message}
        >
          <select className={cn(inputClassName, "pr-8")} {...form.register("documentLanguage")}>
            {DOCUMENT_LANGUAGES.map((language) => (
              <option key={language} value={language}>
                {DOCUMENT_LANGUAGE_LABELS[language]}
              </option>
            ))}
          </select>
        </FormField>
        <FormField label="Notities" optional error={errors.notes?.message} className="sm:col-span-2">
          <textarea
            rows={3}
            className={cn(inputClassName, "h-auto min-h-20 resize-y")}
            {...form.register("notes")}
          />
        </FormField>
      </FormSection>

      <DialogFormFooter
        submitLabel={
          client ? "Wijzigingen opslaan" : isSupplierByDefault ? "Leverancier toevoegen" : "Klant toevoegen"
        }
        isPending={isPending}
        onCancel={onDone}
      />
    </form>
  );
}
