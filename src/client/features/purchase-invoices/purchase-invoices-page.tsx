import { Receipt } from "lucide-react";
import { ComingSoon } from "@client/components/layout/coming-soon";

export function PurchaseInvoicesPage() {
  return (
    <ComingSoon
      title="Inkoopfacturen"
      icon={Receipt}
      summary="Hier bewaar je straks je bonnetjes en inkoopfacturen: upload een foto of pdf en Balans leest bedrag, datum en btw voor je uit."
    />
  );
}
