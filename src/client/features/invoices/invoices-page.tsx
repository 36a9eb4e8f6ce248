import { FileText } from "lucide-react";
import { ComingSoon } from "@client/components/layout/coming-soon";

export function InvoicesPage() {
  return (
    <ComingSoon
      title="Verkoopfacturen"
      icon={FileText}
      summary="Hier maak en verstuur je straks facturen met betaal-QR-code, en zie je in één oogopslag wat betaald, open of verlopen is."
    />
  );
}
