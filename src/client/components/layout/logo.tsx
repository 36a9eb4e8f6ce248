import { clsx } from "clsx";

/**
 * The Balans mark: a balance scale in a rounded square. Decorative; the word "Balans" carries the name.
 * Plain class joining (no tailwind-merge): the logo is on every public page's first download.
 */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg
      viewBox="0 0 32 32"
      className={clsx("shrink-0", className ?? "size-8")}
      aria-hidden
      focusable="false"
    >
      <rect width="32" height="32" rx="8" className="fill-brand-700" />
      <g fill="none" stroke="white" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
        <path d="M16 7.5v16M11.5 24h9M8.5 11h15" />
        <path d="M8.5 11 6 17h5l-2.5-6ZM23.5 11 21 17h5l-2.5-6Z" />
      </g>
    </svg>
  );
}

export function Logo({ className, inverted = false }: { className?: string; inverted?: boolean }) {
  return (
    <span className={clsx("inline-flex items-center gap-2.5", className)}>
      <LogoMark />
      <span className={clsx("text-lg font-bold tracking-tight", inverted ? "text-white" : "text-foreground")}>
        Balans
      </span>
    </span>
  );
}
