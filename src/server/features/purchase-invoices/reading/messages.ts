/** What the review form tells the user when a document could not be read, or only in part. */
const KEPT = "Het origineel is bewaard; vul de gegevens zelf in.";

export const READ_WARNINGS = {
  pdfPassword: `Deze pdf is beveiligd met een wachtwoord. ${KEPT}`,
  pdfCorrupt: `Deze pdf is beschadigd en kan niet gelezen worden. ${KEPT}`,
  scanWithoutRecognition: `Deze pdf is een scan zonder tekst en tekstherkenning is niet beschikbaar. ${KEPT}`,
  imageWithoutRecognition: `Tekstherkenning is niet beschikbaar voor deze foto. ${KEPT}`,
  recognitionFailed: `De tekst van deze scan of foto kon niet herkend worden. ${KEPT}`,
  noTextRecognised:
    "Op deze scan of foto is geen tekst herkend. Het origineel is bewaard; vul de gegevens zelf in of maak een scherpere foto.",
  nothingFound: "In dit document zijn geen factuurgegevens gevonden. Vul de gegevens zelf in.",
  heic: `Foto's in HEIC-formaat kunnen nog niet gelezen worden. Stuur de foto als JPG of PDF (op een iPhone: Instellingen > Camera > Formaten > Meest compatibel). ${KEPT}`,
  zip: "Dit is een zip-bestand. Pak het uit en upload de facturen zelf (pdf, XML of foto).",
  unknown: `Dit bestand is geen pdf, e-factuur (XML) of foto en kan niet gelezen worden. ${KEPT}`,
  xmlMalformed: `Dit XML-bestand is beschadigd en kan niet gelezen worden. ${KEPT}`,
  xmlNotInvoice: `Dit XML-bestand is geen e-factuur (UBL of CII) en kan niet gelezen worden. ${KEPT}`,
  failed: `Dit document kon niet gelezen worden. ${KEPT}`,
  tooLarge: `Dit bestand is te groot om te lezen. ${KEPT}`,
  /** Balans books euros only. */
  foreignCurrency: (currency: string) =>
    `Deze factuur is in ${currency}; Balans boekt alleen in euro's. Reken de bedragen om naar euro's.`,
} as const;
