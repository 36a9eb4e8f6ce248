import type { ReactNode } from "react";
import { Hammer, type LucideIcon } from "lucide-react";
import { EmptyState } from "@client/components/ui/empty-state";
import { useDocumentTitle } from "@client/lib/use-document-title";
import { PageHeader } from "./page-header";

interface ComingSoonProps {
  /** The screen title (h1 and browser tab). */
  title: string;
  /** A line under the title. */
  subtitle?: ReactNode;
  /** One sentence on what this screen will do. */
  summary: ReactNode;
  icon?: LucideIcon;
}

/** An app screen that is not built yet: its title and an honest note instead of sample data. */
export function ComingSoon({ title, subtitle, summary, icon = Hammer }: ComingSoonProps) {
  useDocumentTitle(title);
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={title} description={subtitle} />
      <EmptyState icon={icon} title="Dit onderdeel wordt binnenkort beschikbaar." description={summary} />
    </div>
  );
}
