import {
  ArrowLeftRight,
  BookOpen,
  Calculator,
  ChartColumn,
  Clock,
  FileSignature,
  FileText,
  FolderDown,
  Landmark,
  LayoutDashboard,
  Laptop,
  NotebookPen,
  Receipt,
  Repeat,
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
  /** Other words people use for the screen, found by the command palette (the screen's title among them). */
  keywords?: string;
  /** The letter that opens the screen after "g" (g then f: Verkoopfacturen), listed under Sneltoetsen. */
  shortcutKey?: string;
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
  keywords: "overzicht home start",
  shortcutKey: "d",
};

export const BOOKKEEPING_NAV_GROUP: NavGroup = {
  label: "Boekhouden",
  icon: BookOpen,
  items: [
    {
      label: "Bank",
      href: APP_ROUTES.transactions,
      icon: ArrowLeftRight,
      keywords: "transacties inkomsten uitgaven boekingen",
      shortcutKey: "t",
    },
    // The bank's own statements, reconciled with the books ('Af te handelen').
    {
      label: "Afschriften",
      href: APP_ROUTES.bank,
      icon: Landmark,
      keywords: "bankafschriften importeren af te handelen",
    },
    {
      label: "Verkoopfacturen",
      href: APP_ROUTES.invoices,
      icon: FileText,
      keywords: "facturen",
      shortcutKey: "f",
    },
    // Recurring invoices, made by a daily job from their templates.
    {
      label: "Abonnementen",
      href: APP_ROUTES.recurringInvoices,
      icon: Repeat,
      keywords: "terugkerende facturen periodiek factureren abonnement",
    },
    // Offers the client accepts online, then turned into an invoice.
    {
      label: "Offertes",
      href: APP_ROUTES.quotes,
      icon: FileSignature,
      keywords: "offerte aanbieding prijsopgave",
    },
    {
      label: "Inkoopfacturen",
      href: APP_ROUTES.purchaseInvoices,
      icon: Receipt,
      keywords: "bonnetjes bonnen",
      shortcutKey: "i",
    },
    // Hand-made journal entries: corrections and reclassifications.
    {
      label: "Memoriaal",
      href: APP_ROUTES.memorial,
      icon: NotebookPen,
      keywords: "memoriaalboeking journaalpost correctie boeking",
    },
    // The asset register: depreciation and the KIA.
    {
      label: "Investeringen",
      href: APP_ROUTES.fixedAssets,
      icon: Laptop,
      keywords: "activa bedrijfsmiddelen afschrijving inventaris kia investeringsaftrek",
    },
    {
      label: "Relaties",
      href: APP_ROUTES.clients,
      icon: Users,
      keywords: "klanten",
      shortcutKey: "k",
    },
  ],
};

export const SECONDARY_NAV_ITEMS: NavItem[] = [
  {
    label: "Uren",
    href: APP_ROUTES.timeTracking,
    icon: Clock,
    keywords: "tijd timer urencriterium",
    shortcutKey: "u",
  },
  {
    label: "Rapporten",
    href: APP_ROUTES.reports,
    icon: ChartColumn,
    keywords: "winst verlies balans",
    shortcutKey: "r",
  },
  // Exports for the accountant: the books as files (grootboek, proef- en saldibalans, journaal, XAF).
  {
    label: "Accountant",
    href: APP_ROUTES.exports,
    icon: FolderDown,
    keywords:
      "exporteren grootboekkaarten proefbalans saldibalans journaal openstaande posten btw-aansluiting xaf auditfile",
  },
  {
    label: "Belastingen",
    href: APP_ROUTES.vatReturns,
    icon: Calculator,
    keywords: "btw aangifte",
    shortcutKey: "b",
  },
];

export const SETTINGS_NAV_ITEM: NavItem = {
  label: "Instellingen",
  href: APP_ROUTES.settings,
  icon: Settings,
  keywords: "profiel bedrijfsgegevens wachtwoord",
};

/** Every screen, in the sidebar's order. */
export const ALL_NAV_ITEMS: readonly NavItem[] = [
  DASHBOARD_NAV_ITEM,
  ...BOOKKEEPING_NAV_GROUP.items,
  ...SECONDARY_NAV_ITEMS,
  SETTINGS_NAV_ITEM,
];

/** Active by route prefix: /app/invoices is active on /app/invoices/123 too, never on /app/invoices-archive. */
export function isNavItemActive(pathname: string, href: string): boolean {
  return pathname === href || pathname.startsWith(`${href}/`);
}
