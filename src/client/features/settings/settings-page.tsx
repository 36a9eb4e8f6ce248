import {
  BookOpen,
  Building2,
  Braces,
  Download,
  KeyRound,
  Landmark,
  ShieldCheck,
  UserRound,
  Users,
} from "lucide-react";
import { useSearchParams } from "wouter";
import { SETTINGS_TABS } from "@shared/routes";
import { PageHeader } from "@client/components/layout/page-header";
import { Button } from "@client/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@client/components/ui/card";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@client/components/ui/tabs";
import { showPrivacySettings } from "@client/lib/consent/privacy-settings";
import { AccessSection } from "./access-section";
import { ApiTokensSection } from "./api-tokens-section";
import { BankAccountsSection } from "./bank-accounts-section";
import { CompanyForm } from "./company-form";
import { InvoiceSeriesSection } from "./invoice-series-section";
import { InvoiceStyleSection } from "./invoice-style-section";
import { LedgerAccountsSection } from "./ledger-accounts-section";
import { OnlinePaymentsSection } from "./online-payments-section";
import { OutboxCard } from "./outbox-card";
import { PasswordForm } from "./password-form";
import { TwoFactorCard } from "./two-factor-card";
import { ProfileForm } from "./profile-form";
import { ReminderSettingsSection } from "./reminder-settings-section";

/** Settings (decisions.md): the profile, the company data printed on invoices, the password, bank accounts, and privacy. */
export function SettingsPage() {
  const [params] = useSearchParams();
  const askedTab = params.get("tab");
  const firstTab = SETTINGS_TABS.find((tab) => tab === askedTab) ?? "company";
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Instellingen"
        description="Beheer je profiel, de bedrijfsgegevens op je facturen, je wachtwoord, je bankrekeningen en je privacy."
      />
      <Tabs defaultValue={firstTab} className="gap-6">
        {/* Four tabs do not fit next to each other on a phone: they wrap rather than widen the page. */}
        <TabsList className="h-auto w-full flex-wrap sm:w-auto sm:self-start [&>*]:min-h-8">
          <TabsTrigger value="company">
            <Building2 className="size-4" aria-hidden />
            Bedrijf
          </TabsTrigger>
          <TabsTrigger value="profile">
            <UserRound className="size-4" aria-hidden />
            Profiel
          </TabsTrigger>
          <TabsTrigger value="password">
            <KeyRound className="size-4" aria-hidden />
            Wachtwoord
          </TabsTrigger>
          <TabsTrigger value="bank-accounts">
            <Landmark className="size-4" aria-hidden />
            Bankrekeningen
          </TabsTrigger>
          <TabsTrigger value="ledger-accounts">
            <BookOpen className="size-4" aria-hidden />
            Grootboekrekeningen
          </TabsTrigger>
          <TabsTrigger value="api">
            <Braces className="size-4" aria-hidden />
            API-sleutels
          </TabsTrigger>
          <TabsTrigger value="access">
            <Users className="size-4" aria-hidden />
            Toegang
          </TabsTrigger>
        </TabsList>
        <TabsContent value="company" className="flex flex-col gap-6">
          <CompanyForm />
          <InvoiceSeriesSection />
          <InvoiceStyleSection />
          <OnlinePaymentsSection />
          <ReminderSettingsSection />
        </TabsContent>
        <TabsContent value="profile">
          <ProfileForm />
        </TabsContent>
        <TabsContent value="password" className="flex flex-col gap-6">
          <PasswordForm />
          <TwoFactorCard />
        </TabsContent>
        <TabsContent value="bank-accounts">
          <BankAccountsSection />
        </TabsContent>
        <TabsContent value="ledger-accounts">
          <LedgerAccountsSection />
        </TabsContent>
        <TabsContent value="api">
          <ApiTokensSection />
        </TabsContent>
        <TabsContent value="access">
          <AccessSection />
        </TabsContent>
      </Tabs>
      <OutboxCard />
      <Card>
        <CardHeader>
          <CardTitle>Je gegevens en privacy</CardTitle>
          <CardDescription>
            Download alles wat Balans van je bewaart als JSON-bestand (AVG artikel 15 en 20), of beheer je
            cookievoorkeuren en privacyverzoeken.
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-2 sm:flex-row">
          <Button asChild>
            <a href="/api/privacy/export" download>
              <Download aria-hidden />
              Download al mijn gegevens
            </a>
          </Button>
          <Button variant="outline" onClick={() => showPrivacySettings("data")}>
            <ShieldCheck aria-hidden />
            Privacy-instellingen
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}
