import { Building2, KeyRound, UserRound } from "lucide-react";
import { PageHeader } from "@client/components/layout/page-header";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@client/components/ui/tabs";
import { useDocumentTitle } from "@client/lib/use-document-title";
import { CompanyForm } from "./company-form";
import { PasswordForm } from "./password-form";
import { ProfileForm } from "./profile-form";

/** Settings (decisions.md): the profile, the company data printed on invoices, and the password. */
export function SettingsPage() {
  useDocumentTitle("Instellingen");
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Instellingen"
        description="Beheer je profiel, de bedrijfsgegevens op je facturen en je wachtwoord."
      />
      <Tabs defaultValue="company" className="gap-6">
        <TabsList className="w-full sm:w-auto sm:self-start">
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
        </TabsList>
        <TabsContent value="company">
          <CompanyForm />
        </TabsContent>
        <TabsContent value="profile">
          <ProfileForm />
        </TabsContent>
        <TabsContent value="password">
          <PasswordForm />
        </TabsContent>
      </Tabs>
    </div>
  );
}
