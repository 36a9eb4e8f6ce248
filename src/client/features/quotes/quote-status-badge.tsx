import { QUOTE_STATUS_LABELS, type QuoteStatus } from "@shared/schemas/quotes";
import { Badge } from "@client/components/ui/badge";

const VARIANTS = {
  draft: "muted",
  sent: "default",
  accepted: "success",
  declined: "warning",
  expired: "outline",
} as const satisfies Record<QuoteStatus, "muted" | "default" | "success" | "warning" | "outline">;

export function QuoteStatusBadge({ status }: { status: QuoteStatus }) {
  return <Badge variant={VARIANTS[status]}>{QUOTE_STATUS_LABELS[status]}</Badge>;
}
