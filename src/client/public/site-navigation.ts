/** The public site's navigation (spec §2.4): one list for the header, the mobile menu and the footer. */
export interface SiteLink {
  href: string;
  label: string;
  description?: string;
}

export interface SiteMenu {
  id: string;
  label: string;
  links: SiteLink[];
}

export type SiteNavItem = SiteMenu | SiteLink;

export const HEADER_NAVIGATION: SiteNavItem[] = [
  {
    id: "product",
    label: "Product",
    links: [
      {
        href: "/functionaliteiten",
        label: "Functionaliteiten",
        description: "Transacties, uren, facturen en klanten in één app",
      },
      {
        href: "/koppelingen",
        label: "Koppelingen",
        description: "Bankafschriften van ING, Rabobank en ABN AMRO",
      },
    ],
  },
  {
    id: "oplossingen",
    label: "Oplossingen",
    links: [
      {
        href: "/online-boekhouden-zzp",
        label: "Online boekhouden",
        description: "Je hele administratie als zzp'er op één plek",
      },
      {
        href: "/facturatie-zzp",
        label: "Facturatie",
        description: "Facturen volgens de regels, met betaal-QR",
      },
      { href: "/bonnetjes-scannen", label: "Bonnetjes scannen", description: "Uitgaven en bonnen bijhouden" },
      { href: "/btw-aangifte", label: "Btw-aangifte", description: "Btw per tarief, klaar voor je aangifte" },
    ],
  },
  { href: "/prijzen", label: "Prijzen" },
  {
    id: "resources",
    label: "Resources",
    links: [
      { href: "/blog", label: "Blog", description: "Uitleg over btw, facturen en ondernemen" },
      { href: "/support", label: "Support", description: "Veelgestelde vragen en contact" },
    ],
  },
  { href: "/over", label: "Over" },
];

export const FOOTER_COLUMNS: { title: string; links: SiteLink[] }[] = [
  {
    title: "Product",
    links: [
      { href: "/functionaliteiten", label: "Functionaliteiten" },
      { href: "/koppelingen", label: "Koppelingen" },
      { href: "/prijzen", label: "Prijzen" },
    ],
  },
  {
    title: "Oplossingen",
    links: [
      { href: "/online-boekhouden-zzp", label: "Online boekhouden" },
      { href: "/facturatie-zzp", label: "Facturatie" },
      { href: "/bonnetjes-scannen", label: "Bonnetjes scannen" },
      { href: "/btw-aangifte", label: "Btw-aangifte" },
    ],
  },
  {
    title: "Resources",
    links: [
      { href: "/blog", label: "Blog" },
      { href: "/support/faq", label: "FAQ" },
      { href: "/support/status", label: "Status" },
    ],
  },
  {
    title: "Bedrijf",
    links: [
      { href: "/over", label: "Over" },
      { href: "/support/contact", label: "Contact" },
    ],
  },
  {
    title: "Legal",
    links: [
      { href: "/legal/algemene-voorwaarden", label: "Algemene voorwaarden" },
      { href: "/legal/privacy", label: "Privacy" },
      { href: "/legal/verwerkersovereenkomst", label: "Verwerkersovereenkomst" },
      { href: "/legal/cookiebeleid", label: "Cookiebeleid" },
    ],
  },
];

export function isMenu(item: SiteNavItem): item is SiteMenu {
  return "links" in item;
}
