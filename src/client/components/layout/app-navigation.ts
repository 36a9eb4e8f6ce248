import {
  ArrowLeftRight,
  BookOpen,
  Calculator,
  ChartColumn,
  Clock,
  FileText,
  Landmark,
  LayoutDashboard,
  Receipt,
  Settings,
  Users,
  type LucideIcon,
} from "lucide-react";
import { APP_ROUTES } from "@shared/routes";

/** The app's navigation (spec §2.10). Labels are what users read; some differ from screen titles (Relaties/Klanten). */
export interface NavItem {
  label: string;
  href: string;
  icon: LucideIcon;
}

export interface NavGroup {
  label: string;
  icon: LucideIcon;
  items: NavItem[];
}

export const DASHBOARD_NAV_ITEM: NavItem = {
  label: "Dashboard",
  href: APP_ROUTES.dashboard,
  icon: LayoutDashboard,
};

export const BOOKKEEPING_NAV_GROUP: NavGroup = {
  label: "Boekhouden",
  icon: BookOpen,
  items: [
    { label: "Bank", href: APP_ROUTES.transactions, icon: ArrowLeftRight },
    // The bank's own statements, reconciled with the books ('Af te handelen').
    { label: "Afschriften", href: APP_ROUTES.bank, icon: Landmark },
    { label: "Verkoopfacturen", href: APP_ROUTES.invoices, icon: FileText },
    { label: "Inkoopfacturen", href: APP_ROUTES.purchaseInvoices, icon: Receipt },
    { label: "Relaties", href: APP_ROUTES.clients, icon: Users },
  ],
};

export const SECONDARY_NAV_ITEMS: NavItem[] = [
  { label: "Uren", href: APP_ROUTES.timeTracking, icon: Clock },
  { label: "Rapporten", href: APP_ROUTES.reports, icon: ChartColumn },
  { label: "Belastingen", href: APP_ROUTES.taxes, icon: Calculator },
];

export const SETTINGS_NAV_ITEM: NavItem = {
  label: "Instellingen",
  href: APP_ROUTES.settings,
  icon: Settings,
};

/** Active by route prefix: /app/invoices is active on /app/invoices/123 too, never on /app/invoices-archive. */
export function isNavItemActive(pathname: string, href: string): boolean {
  return pathname === href || pathname.startsWith(`${href}/`);
}
