const wholeEurosFormat = new Intl.NumberFormat("nl-NL", {
  style: "currency",
  currency: "EUR",
  maximumFractionDigits: 0,
  minimumFractionDigits: 0,
});

/** An amount in whole euros as the return shows it ('€ 1.234'); empty where a rubriek has no such column. */
export const euros = (value: number | null) => (value === null ? "" : wholeEurosFormat.format(value));
