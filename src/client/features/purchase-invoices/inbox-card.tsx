import { useState } from "react";
import { Copy, Mail, RefreshCw } from "lucide-react";
import { Button } from "@client/components/ui/button";
import { Card } from "@client/components/ui/card";
import { ConfirmDialog } from "@client/components/ui/confirm-dialog";
import { toast, toastError } from "@client/lib/toast";
import { cn } from "@client/lib/utils";
import { usePurchaseInbox, useRenewPurchaseInbox } from "./api";

/**
 * The address invoices can be mailed or forwarded to: each attachment becomes a purchase invoice. Left out
 * when the server has no inbox; the upload card covers everything then.
 */
export function InboxCard({ className }: { className?: string }) {
  const inbox = usePurchaseInbox();
  const renew = useRenewPurchaseInbox();
  const [isConfirming, setIsConfirming] = useState(false);
  const address = inbox.data?.enabled ? inbox.data.address : null;
  if (!address) return null;

  const copy = () =>
    // Without a secure origin the browser has no clipboard: that is a failure to say, not to skip.
    void Promise.resolve()
      .then(() => navigator.clipboard.writeText(address))
      .then(() => toast({ title: "E-mailadres gekopieerd" }))
      .catch(() =>
        toast({
          variant: "destructive",
          title: "Kopiëren lukte niet",
          description: "Selecteer het adres en kopieer het zelf.",
        }),
      );

  const confirmRenew = async () => {
    try {
      const renewed = await renew.mutateAsync();
      toast({ title: "Nieuw e-mailadres gemaakt", description: renewed.address ?? undefined });
      setIsConfirming(false);
    } catch (error) {
      toastError(error);
    }
  };

  return (
    <Card className={cn("flex flex-col gap-3 p-4 sm:p-5", className)}>
      <section aria-labelledby="purchase-inbox-title" className="flex flex-col gap-3">
        <div className="flex items-center gap-2">
          <Mail className="size-4 text-primary" aria-hidden />
          <h2 id="purchase-inbox-title" className="text-base font-semibold tracking-tight">
            Doorsturen per e-mail
          </h2>
        </div>
        <p className="text-sm text-muted-foreground">
          Stuur facturen door naar dit adres, of geef het aan je leveranciers. Elke bijlage komt hier binnen.
        </p>
        <p className="rounded-lg bg-muted/60 px-3 py-2 font-mono text-sm break-all select-all">{address}</p>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" onClick={copy}>
            <Copy aria-hidden />
            Kopiëren
          </Button>
          <Button variant="ghost" size="sm" onClick={() => setIsConfirming(true)}>
            <RefreshCw aria-hidden />
            Nieuw adres
          </Button>
        </div>
      </section>
      <ConfirmDialog
        open={isConfirming}
        onClose={() => setIsConfirming(false)}
        title="Nieuw e-mailadres maken?"
        description={
          <>
            Het huidige adres <strong className="font-semibold break-all text-foreground">{address}</strong>{" "}
            werkt daarna niet meer: mail die er nog naartoe gaat, komt niet aan. Geef het nieuwe adres door
            aan je leveranciers.
          </>
        }
        confirmLabel="Nieuw adres maken"
        onConfirm={confirmRenew}
        isPending={renew.isPending}
      />
    </Card>
  );
}
