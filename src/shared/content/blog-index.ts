// Generated from content/blog/*.md by scripts/content/generate-blog-index.ts (run by `npm run build`).
// Do not edit: change the articles and run `npx tsx scripts/content/generate-blog-index.ts`.
import type { BlogArticleMeta } from "./blog";

/** Every blog article, newest first. */
export const BLOG_ARTICLES: readonly BlogArticleMeta[] = [
  {
    slug: "btw-aangifte-per-kwartaal",
    title: "Btw-aangifte per kwartaal: zo doe je het stap voor stap",
    date: "2026-10-06",
    author: "Redactie Balans",
    category: { name: "Btw", slug: "btw" },
    tags: [
      { name: "btw", slug: "btw" },
      { name: "btw-aangifte", slug: "btw-aangifte" },
      { name: "deadlines", slug: "deadlines" },
      { name: "Belastingdienst", slug: "belastingdienst" },
    ],
    excerpt:
      "Vier keer per jaar doe je als zzp'er btw-aangifte. Welke rubrieken vul je in, wanneer moet het binnen zijn en hoe voorkom je een naheffing? Een praktische uitleg met de deadlines op een rij.",
    image: "/images/blog/btw-aangifte-per-kwartaal.svg",
    readingMinutes: 3,
  },
  {
    slug: "urencriterium-1225-uur",
    title: "Het urencriterium: zo haal je de 1.225 uur (en bewijs je het)",
    date: "2026-09-15",
    author: "Redactie Balans",
    category: { name: "Ondernemen", slug: "ondernemen" },
    tags: [
      { name: "urencriterium", slug: "urencriterium" },
      { name: "urenregistratie", slug: "urenregistratie" },
      { name: "zelfstandigenaftrek", slug: "zelfstandigenaftrek" },
    ],
    excerpt:
      "Zonder 1.225 uur geen zelfstandigenaftrek en geen startersaftrek. Welke uren tellen mee, hoe zit het als je halverwege het jaar begint en hoe leg je je uren zo vast dat de Belastingdienst ze accepteert?",
    image: "/images/blog/urencriterium-1225-uur.svg",
    readingMinutes: 2,
  },
  {
    slug: "factuureisen-wat-moet-er-op-een-factuur",
    title: "Factuureisen: wat moet er op je factuur staan?",
    date: "2026-08-25",
    author: "Redactie Balans",
    category: { name: "Facturatie", slug: "facturatie" },
    tags: [
      { name: "facturen", slug: "facturen" },
      { name: "factuureisen", slug: "factuureisen" },
      { name: "btw", slug: "btw" },
    ],
    excerpt:
      "Een factuur is meer dan een betaalverzoek: de Belastingdienst stelt eisen aan wat erop staat. De elf verplichte gegevens, de extra's bij verlegde btw en de KOR, en de regels voor nummering en creditnota's.",
    image: "/images/blog/factuureisen-wat-moet-er-op-een-factuur.svg",
    readingMinutes: 3,
  },
  {
    slug: "kleineondernemersregeling-kor",
    title: "De kleineondernemersregeling (KOR): voor wie is het slim?",
    date: "2026-07-14",
    author: "Redactie Balans",
    category: { name: "Btw", slug: "btw" },
    tags: [
      { name: "KOR", slug: "kor" },
      { name: "btw", slug: "btw" },
      { name: "starters", slug: "starters" },
    ],
    excerpt:
      "Met de KOR reken je geen btw en doe je geen btw-aangifte, zolang je omzet onder de € 20.000 blijft. Wat zijn de voorwaarden, wat is er sinds 2025 veranderd en wanneer kost de regeling je juist geld?",
    image: "/images/blog/kleineondernemersregeling-kor.svg",
    readingMinutes: 2,
  },
  {
    slug: "bonnetjes-bewaren-bewaarplicht",
    title: "Bonnetjes bewaren: zo zit het met de bewaarplicht van 7 jaar",
    date: "2026-06-02",
    author: "Redactie Balans",
    category: { name: "Administratie", slug: "administratie" },
    tags: [
      { name: "bewaarplicht", slug: "bewaarplicht" },
      { name: "bonnetjes", slug: "bonnetjes" },
      { name: "administratie", slug: "administratie" },
      { name: "Belastingdienst", slug: "belastingdienst" },
    ],
    excerpt:
      "Als ondernemer moet je je administratie zeven jaar bewaren, en voor sommige stukken tien. Wat valt eronder, mag het digitaal en hoe richt je het zo in dat je bij een controle alles binnen een paar minuten vindt?",
    image: "/images/blog/bonnetjes-bewaren-bewaarplicht.svg",
    readingMinutes: 2,
  },
  {
    slug: "eenmanszaak-of-bv",
    title: "Eenmanszaak of bv: wat past bij jou als zzp'er?",
    date: "2026-05-12",
    author: "Redactie Balans",
    category: { name: "Ondernemen", slug: "ondernemen" },
    tags: [
      { name: "eenmanszaak", slug: "eenmanszaak" },
      { name: "bv", slug: "bv" },
      { name: "starters", slug: "starters" },
      { name: "zelfstandigenaftrek", slug: "zelfstandigenaftrek" },
    ],
    excerpt:
      "De meeste zzp'ers beginnen met een eenmanszaak, maar wanneer wordt een bv interessant? De verschillen in aansprakelijkheid, belasting, kosten en administratie op een rij.",
    image: "/images/blog/eenmanszaak-of-bv.svg",
    readingMinutes: 3,
  },
];
