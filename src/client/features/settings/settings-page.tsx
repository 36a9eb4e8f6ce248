import type { ComponentType } from "react";
import {
  BookOpen,
  Building2,
  Braces,
  CreditCard,
  Download,
  Info,
  KeyRound,
  Landmark,
  ShieldCheck,
  UserRound,
  Users,
} from "lucide-react";
import { useSearchParams } from "wouter";
import { SETTINGS_TABS, type SettingsTab } from "@shared/routes";
import { MEMBER_ROLE_LABELS, OWNER_ONLY_SETTINGS_TABS } from "@shared/schemas/administrations";
import { PageHeader } from "@client/components/layout/page-header";
import { Button } from "@client/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@client/components/ui/card";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@client/components/ui/tabs";
import { showPrivacySettings } from "@client/lib/consent/privacy-settings";
import { useSessionUser } from "@client/lib/session-user";
import { getDisplayName } from "@client/lib/user-display";
import { AccessSection } from "./access-section";
import { ApiTokensSection } from "./api-tokens-section";
import { BankAccountsSection } from "./bank-accounts-section";
import { CompanyForm } from "./company-form";
import { InvoiceSeriesSection } from "./invoice-series-section";
import { InvoiceStyleSection } from "./invoice-style-section";
import { MailTemplatesSection } from "./mail-templates-section";
import { LedgerAccountsSection } from "./ledger-accounts-section";
import { OnlinePaymentsSection } from "./online-payments-section";
import { OutboxCard } from "./outbox-card";
import { PasswordForm } from "./password-form";
import { TwoFactorCard } from "./two-factor-card";
import { ProfileForm } from "./profile-form";
import { ReminderSettingsSection } from "./reminder-settings-section";

/**
 * Settings (decisions.md): the profile, the company data printed on invoices, the password, bank accounts, and
 * privacy. A member working in another's administration is offered only the tabs a member may use there
 * (OWNER_ONLY_SETTINGS_TABS, the rule the server applies); asking for another one by its address explains why.
 */
export function SettingsPage({
  subscriptionSection: SubscriptionSection,
}: {
  /** Settings → Abonnement, from the billing feature (routes.tsx composes the two). */
  subscriptionSection?: ComponentType;
} = {}) {
  const [params] = useSearchParams();
  const user = useSessionUser();
  const member = user.signedInAs;
  const offers = (tab: SettingsTab) => !member || !OWNER_ONLY_SETTINGS_TABS.includes(tab);
  const askedTab = SETTINGS_TABS.find((tab) => tab === params.get("tab"));
  const firstTab = askedTab && offers(askedTab) ? askedTab : "company";
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Instellingen"
        description={
          member
            ? "Bekijk de bedrijfsgegevens, bankrekeningen en grootboekrekeningen van deze administratie."
            : "Beheer je profiel, de bedrijfsgegevens op je facturen, je wachtwoord, je bankrekeningen en je privacy."
        }
      />
      {member && askedTab && !offers(askedTab) && (
        <div
          role="note"
          className="flex gap-3 rounded-lg border border-border bg-accent/40 p-4 text-sm text-foreground"
        >
          <Info className="mt-0.5 size-5 shrink-0 text-accent-foreground" aria-hidden />
          <div className="flex flex-col gap-1">
            <p className="font-semibold">Deze instellingen horen bij een eigen account</p>
            <p className="text-muted-foreground">
              Je werkt in de administratie van {user.companyName?.trim() || getDisplayName(user)} (
              {MEMBER_ROLE_LABELS[member.role]}). Je profiel, wachtwoord en API-sleutels beheer je in je eigen
              administratie: kies die bovenaan bij &lsquo;Administratie kiezen&rsquo;. Wie toegang heeft tot
              deze administratie, regelt de eigenaar.
            </p>
          </div>
        </div>
      )}
      <Tabs defaultValue={firstTab} className="gap-6">
        {/* Four tabs do not fit next to each other on a phone: they wrap rather than widen the page. */}
        <TabsList className="h-auto w-full flex-wrap sm:w-auto sm:self-start [&>*]:min-h-8">
          <TabsTrigger value="company">
            <Building2 className="size-4" aria-hidden />
            Bedrijf
          </TabsTrigger>
          {offers("profile") && (
            <TabsTrigger value="profile">
              <UserRound className="size-4" aria-hidden />
              Profiel
            </TabsTrigger>
          )}
          {offers("password") && (
            <TabsTrigger value="password">
              <KeyRound className="size-4" aria-hidden />
              Wachtwoord
            </TabsTrigger>
          )}
          <TabsTrigger value="bank-accounts">
            <Landmark className="size-4" aria-hidden />
            Bankrekeningen
          </TabsTrigger>
          <TabsTrigger value="ledger-accounts">
            <BookOpen className="size-4" aria-hidden />
            Grootboekrekeningen
          </TabsTrigger>
          {offers("api") && (
            <TabsTrigger value="api">
              <Braces className="size-4" aria-hidden />
              API-sleutels
            </TabsTrigger>
          )}
          {offers("access") && (
            <TabsTrigger value="access">
              <Users className="size-4" aria-hidden />
              Toegang
            </TabsTrigger>
          )}
          {offers("subscription") && SubscriptionSection && (
            <TabsTrigger value="subscription">
              <CreditCard className="size-4" aria-hidden />
              Abonnement
            </TabsTrigger>
          )}
        </TabsList>
        <TabsContent value="company" className="flex flex-col gap-6">
          <CompanyForm />
          <InvoiceSeriesSection />
          <InvoiceStyleSection />
          <MailTemplatesSection />
          <OnlinePaymentsSection />
          <ReminderSettingsSection />
        </TabsContent>
        {offers("profile") && (
          <TabsContent value="profile">
            <ProfileForm />
          </TabsContent>
        )}
        {offers("password") && (
          <TabsContent value="password" className="flex flex-col gap-6">
            <PasswordForm />
            <TwoFactorCard />
          </TabsContent>
        )}
        <TabsContent value="bank-accounts">
          <BankAccountsSection />
        </TabsContent>
        <TabsContent value="ledger-accounts">
          <LedgerAccountsSection />
        </TabsContent>
        {offers("api") && (
          <TabsContent value="api">
            <ApiTokensSection />
          </TabsContent>
        )}
        {offers("access") && (
          <TabsContent value="access">
            <AccessSection />
          </TabsContent>
        )}
        {offers("subscription") && SubscriptionSection && (
          <TabsContent value="subscription">
            <SubscriptionSection />
          </TabsContent>
        )}
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
