import { Download, Settings, ShieldCheck } from "lucide-react";
import { ComingSoon } from "@client/components/layout/coming-soon";
import { Button } from "@client/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@client/components/ui/card";
import { showPrivacySettings } from "@client/lib/consent/privacy-settings";

export function SettingsPage() {
  return (
    <div className="flex flex-col gap-6">
      <ComingSoon
        title="Instellingen"
        icon={Settings}
        summary="Hier beheer je straks je profiel, je bedrijfsgegevens voor op je facturen, je bankrekeningen en je wachtwoord."
      />
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
