import { useState } from "react";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "@client/components/ui/dialog";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@client/components/ui/tabs";
import { getConsentManager, useConsent } from "@client/lib/consent/browser";
import {
  hidePrivacySettings,
  setPrivacySettingsTab,
  showPrivacySettings,
  usePrivacySettings,
  type PrivacySettingsTab,
} from "@client/lib/consent/privacy-settings";
import { toast } from "@client/lib/toast";
import { CookiesTab } from "./cookies-tab";
import { DataTab } from "./data-tab";
import { HistoryTab } from "./history-tab";
import { PreferencesTab } from "./preferences-tab";

const TABS: { value: PrivacySettingsTab; label: string }[] = [
  { value: "preferences", label: "Voorkeuren" },
  { value: "cookies", label: "Cookies" },
  { value: "history", label: "Geschiedenis" },
  { value: "data", label: "Gegevens" },
];

/** Spec §2.8: the privacy and cookie dialog, opened through window.privacySettings or showPrivacySettings(). */
export function PrivacyDialog() {
  const { isOpen, tab } = usePrivacySettings();
  const consent = useConsent();
  // Toasts sit outside the modal, which hides them from screen readers while it is open; say it in here too.
  const [spoken, setSpoken] = useState("");

  const reset = async () => {
    try {
      await getConsentManager().reset();
      hidePrivacySettings();
      toast({
        title: "Consent gereset",
        description: "Al je voorkeuren zijn gewist. We vragen je opnieuw om toestemming.",
      });
    } catch (error) {
      console.warn("Resetten van de cookievoorkeuren mislukt", error);
      toast({
        variant: "destructive",
        title: "Fout bij resetten",
        description: "Er ging iets mis bij het resetten van je voorkeuren.",
      });
    }
  };

  return (
    <Dialog open={isOpen} onOpenChange={(open) => (open ? showPrivacySettings(tab) : hidePrivacySettings())}>
      <DialogContent className="flex max-h-[90vh] max-w-2xl flex-col gap-4 overflow-hidden p-5 sm:p-6">
        <DialogHeader>
          <DialogTitle>Privacy- en cookie-instellingen</DialogTitle>
          <DialogDescription>
            Bepaal welke cookies Balans mag gebruiken, bekijk wat er is vastgelegd en oefen je privacyrechten
            uit.
          </DialogDescription>
        </DialogHeader>
        <p role="status" className="sr-only">
          {spoken}
        </p>
        <Tabs
          value={tab}
          onValueChange={(value) => setPrivacySettingsTab(value as PrivacySettingsTab)}
          className="min-h-0"
        >
          <TabsList className="grid h-auto w-full grid-cols-2 gap-1 sm:grid-cols-4">
            {TABS.map((item) => (
              <TabsTrigger key={item.value} value={item.value} className="h-8">
                {item.label}
              </TabsTrigger>
            ))}
          </TabsList>
          <div className="max-h-[500px] min-h-0 overflow-y-auto pr-1" data-testid="privacy-list-area">
            <TabsContent value="preferences">
              <PreferencesTab consent={consent} onReset={() => void reset()} onAnnounce={setSpoken} />
            </TabsContent>
            <TabsContent value="cookies">
              <CookiesTab consent={consent} />
            </TabsContent>
            <TabsContent value="history">
              <HistoryTab consent={consent} />
            </TabsContent>
            <TabsContent value="data">
              <DataTab consent={consent} onReset={() => void reset()} onAnnounce={setSpoken} />
            </TabsContent>
          </div>
        </Tabs>
      </DialogContent>
    </Dialog>
  );
}
