/** The words of a picker; Dutch everywhere except the English invoice form. */
export interface PickerTexts {
  placeholder: string;
  /** Shown when nothing matches. */
  emptyText: string;
  loadingText: string;
  /** The accessible name of the list of matches. */
  listLabel: string;
  /** A first option that chooses nothing; left out where a choice is required. */
  noneLabel?: string | undefined;
}

export const SEARCHING_TEXT = "Zoeken…";
export const RESULTS_LABEL = "Zoekresultaten";
