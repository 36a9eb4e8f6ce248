import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { MAX_PAYMENT_TERMS_DAYS } from "@shared/schemas/clients";
import {
  CompanyProfileInputSchema,
  FIRST_ADMINISTRATION_START,
  VAT_PERIOD_FREQUENCIES,
  VAT_PERIOD_FREQUENCY_LABELS,
  type CompanyProfile,
  type CompanyProfileFormInput,
  type CompanyProfileInput,
} from "@shared/schemas/settings";
import { Button } from "@client/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@client/components/ui/card";
import { CountrySelect } from "@client/components/ui/country-select";
import { Select } from "@client/components/ui/select";
import { EmailInput } from "@client/components/ui/email-input";
import { FormField } from "@client/components/ui/form-field";
import { FormSection } from "@client/components/ui/form-section";
import { Input, inputClassName } from "@client/components/ui/input";
import { Skeleton } from "@client/components/ui/skeleton";
import { Spinner } from "@client/components/ui/spinner";
import { getErrorMessage } from "@client/lib/api";
import { applyFieldErrors } from "@client/lib/form-errors";
import { toast, toastError } from "@client/lib/toast";
import { cn } from "@client/lib/utils";
import { useCompanyProfile, useSaveCompanyProfile } from "./api";
import { LogoField } from "./logo-field";

const FIELD_NAMES = [
  "tradeName",
  "address",
  "postalCode",
  "city",
  "country",
  "kvkNumber",
  "vatNumber",
  "iban",
  "bic",
  "phone",
  "email",
  "website",
  "paymentTermsDays",
  "invoiceFooter",
  "korStartDate",
  "korEndDate",
  "vatPeriodFrequency",
  "administrationStartDate",
] as const;

function toFormValues(company: CompanyProfile): CompanyProfileFormInput {
  const text = (value: string | null) => value ?? "";
  return {
    tradeName: text(company.tradeName),
    address: text(company.address),
    postalCode: text(company.postalCode),
    city: text(company.city),
    country: company.country,
    kvkNumber: text(company.kvkNumber),
    vatNumber: text(company.vatNumber),
    iban: text(company.iban),
    bic: text(company.bic),
    phone: text(company.phone),
    email: text(company.email),
    website: text(company.website),
    paymentTermsDays: String(company.paymentTermsDays),
    invoiceFooter: text(company.invoiceFooter),
    korStartDate: text(company.korStartDate),
    korEndDate: text(company.korEndDate),
    vatPeriodFrequency: company.vatPeriodFrequency,
    administrationStartDate: text(company.administrationStartDate),
  };
}

/** Fields that may be saved empty but must be filled before an invoice can be issued (issuing.ts). */
const FOR_INVOICES = "voor facturen";

/** The seller's data on every invoice (Wet OB art. 35a), checked by the same schema as the server. */
export function CompanyForm() {
  const company = useCompanyProfile();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Bedrijfsgegevens</CardTitle>
        <CardDescription>
          Deze gegevens staan op je facturen. Je kunt ze later aanvullen, maar een factuur versturen kan pas
          met handelsnaam, adres, KvK-nummer en btw-id: die zijn op een factuur wettelijk verplicht.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {company.isPending ? (
          <div className="grid gap-4 sm:grid-cols-2" aria-busy>
            {Array.from({ length: 6 }, (_, index) => (
              <Skeleton key={index} className="h-16" />
            ))}
          </div>
        ) : company.isError ? (
          <p role="alert" className="text-sm text-destructive">
            Bedrijfsgegevens laden mislukt: {getErrorMessage(company.error)}
          </p>
        ) : (
          <CompanyFormFields company={company.data} />
        )}
      </CardContent>
    </Card>
  );
}

function CompanyFormFields({ company }: { company: CompanyProfile }) {
  const saveCompany = useSaveCompanyProfile();
  const form = useForm<CompanyProfileFormInput, unknown, CompanyProfileInput>({
    resolver: zodResolver(CompanyProfileInputSchema),
    defaultValues: toFormValues(company),
  });
  const { errors } = form.formState;
  const isDutch = form.watch("country") === "NL";

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      const saved = await saveCompany.mutateAsync(input);
      form.reset(toFormValues(saved));
      toast({ title: "Bedrijfsgegevens opgeslagen" });
    } catch (error) {
      toastError(error);
      applyFieldErrors(error, FIELD_NAMES, form.setError);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Bedrijfsgegevens" className="flex flex-col gap-6">
      <FormSection title="Bedrijf en adres">
        <FormField
          label="Handelsnaam"
          neededFor={FOR_INVOICES}
          hint="Zoals ingeschreven bij de KvK"
          error={errors.tradeName?.message}
          className="sm:col-span-2"
        >
          <Input autoComplete="organization" {...form.register("tradeName")} />
        </FormField>
        <FormField
          label="Adres"
          neededFor={FOR_INVOICES}
          hint="Straat en huisnummer; een postbus alleen is niet genoeg"
          error={errors.address?.message}
          className="sm:col-span-2"
        >
          <Input autoComplete="street-address" {...form.register("address")} />
        </FormField>
        <FormField
          label="Postcode"
          neededFor={FOR_INVOICES}
          hint={isDutch ? "Formaat: 1234 AB" : undefined}
          error={errors.postalCode?.message}
        >
          <Input autoComplete="postal-code" autoCapitalize="characters" {...form.register("postalCode")} />
        </FormField>
        <FormField label="Plaats" neededFor={FOR_INVOICES} error={errors.city?.message}>
          <Input autoComplete="address-level2" {...form.register("city")} />
        </FormField>
        <FormField label="Land" error={errors.country?.message}>
          <CountrySelect {...form.register("country")} />
        </FormField>
      </FormSection>

      <FormSection title="Registratie en betaling">
        <FormField
          label="KvK-nummer"
          neededFor={FOR_INVOICES}
          hint="8 cijfers"
          error={errors.kvkNumber?.message}
        >
          <Input inputMode="numeric" autoComplete="off" {...form.register("kvkNumber")} />
        </FormField>
        <FormField
          label="Btw-id"
          neededFor={FOR_INVOICES}
          hint="Het btw-identificatienummer, bijvoorbeeld NL000099998B57; met de KOR niet nodig"
          error={errors.vatNumber?.message}
        >
          <Input
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            {...form.register("vatNumber")}
          />
        </FormField>
        <FormField label="IBAN" optional error={errors.iban?.message}>
          <Input
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            {...form.register("iban")}
          />
        </FormField>
        <FormField label="BIC" optional hint="Bijvoorbeeld ABNANL2A" error={errors.bic?.message}>
          <Input
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            {...form.register("bic")}
          />
        </FormField>
        <FormField
          label="Standaard betalingstermijn (dagen)"
          hint="Voor klanten zonder eigen termijn"
          error={errors.paymentTermsDays?.message}
        >
          <Input
            type="number"
            inputMode="numeric"
            min={0}
            max={MAX_PAYMENT_TERMS_DAYS}
            step={1}
            {...form.register("paymentTermsDays")}
          />
        </FormField>
      </FormSection>

      <FormSection title="Contact">
        <FormField label="Telefoonnummer" optional error={errors.phone?.message}>
          <Input type="tel" inputMode="tel" autoComplete="tel" {...form.register("phone")} />
        </FormField>
        <FormField label="E-mailadres" optional error={errors.email?.message}>
          <EmailInput {...form.register("email")} />
        </FormField>
        <FormField label="Website" optional error={errors.website?.message} className="sm:col-span-2">
          <Input inputMode="url" autoComplete="url" spellCheck={false} {...form.register("website")} />
        </FormField>
      </FormSection>

      <FormSection title="Facturen">
        <LogoField />
        <FormField
          label="Voettekst op facturen"
          optional
          hint="Bijvoorbeeld je betalingsvoorwaarden"
          error={errors.invoiceFooter?.message}
          className="sm:col-span-2"
        >
          <textarea
            rows={3}
            className={cn(inputClassName, "h-auto min-h-20 resize-y")}
            {...form.register("invoiceFooter")}
          />
        </FormField>
        <FormField
          label="Btw-aangifte"
          hint="Meestal per kwartaal; per maand of per jaar als de Belastingdienst dat met je heeft afgesproken"
          error={errors.vatPeriodFrequency?.message}
        >
          <Select {...form.register("vatPeriodFrequency")}>
            {VAT_PERIOD_FREQUENCIES.map((frequency) => (
              <option key={frequency} value={frequency}>
                {VAT_PERIOD_FREQUENCY_LABELS[frequency]}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField
          label="Start administratie"
          optional
          hint="Leeg: de maand waarin je begon met Balans of je eerste boeking, als die eerder is. Btw-aangiftes van daarvoor hoef je hier niet in te dienen."
          error={errors.administrationStartDate?.message}
        >
          <Input type="date" min={FIRST_ADMINISTRATION_START} {...form.register("administrationStartDate")} />
        </FormField>
      </FormSection>

      <FormSection title="Kleineondernemersregeling (KOR)">
        <p className="text-sm text-muted-foreground sm:col-span-2">
          Vanaf de startdatum reken je geen btw, staat op je facturen &lsquo;Factuur vrijgesteld van OB o.g.v.
          artikel 25 Wet OB&rsquo;, is btw op je kosten gewoon kosten en doe je geen btw-aangifte. Over de
          periode daarvoor doe je wel aangifte.
        </p>
        <FormField
          label="KOR vanaf"
          optional
          hint="Leeg: je gebruikt de KOR niet"
          error={errors.korStartDate?.message}
        >
          <Input type="date" min={FIRST_ADMINISTRATION_START} {...form.register("korStartDate")} />
        </FormField>
        <FormField
          label="KOR tot en met"
          optional
          hint="Leeg: je gebruikt de KOR nog"
          error={errors.korEndDate?.message}
        >
          <Input type="date" min={FIRST_ADMINISTRATION_START} {...form.register("korEndDate")} />
        </FormField>
      </FormSection>

      <div className="flex justify-end">
        <Button type="submit" disabled={saveCompany.isPending}>
          {saveCompany.isPending && <Spinner />}
          Bedrijfsgegevens opslaan
        </Button>
      </div>
    </form>
  );
}
