// Apart from input.tsx, like button-variants.ts: a page can style a bare input without loading the class-merging
// helper (tailwind-merge) that the Input component uses.
/** The classes of every text input. */
export const inputClassName = [
  "flex h-10 w-full min-w-0 rounded-lg border border-input bg-card px-3 py-2 text-base text-foreground shadow-xs sm:text-sm",
  "placeholder:text-muted-foreground/80 transition-[color,box-shadow,border-color] outline-none",
  "focus-visible:border-ring focus-visible:ring-3 focus-visible:ring-ring/25",
  "aria-invalid:border-destructive aria-invalid:focus-visible:ring-destructive/20",
  "disabled:cursor-not-allowed disabled:bg-muted disabled:opacity-70",
  "file:border-0 file:bg-transparent file:text-sm file:font-medium",
].join(" ");
