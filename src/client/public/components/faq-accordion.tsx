import { useId, useState } from "react";
import { ChevronDown } from "lucide-react";
import type { FaqItem } from "@shared/content/faq";

/** Answers are plain text; a blank line starts a new paragraph. */
export function AnswerText({ text }: { text: string }) {
  return (
    <>
      {text.split(/\n{2,}/).map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
    </>
  );
}

/**
 * Questions that open and close (WAI-ARIA accordion): each question is a button with aria-expanded that controls
 * its answer region; Enter and Space toggle it. `openIds` can be controlled (the FAQ search opens matches).
 */
export function FaqAccordion({
  items,
  headingLevel = 3,
  openIds,
  onToggle,
}: {
  items: readonly FaqItem[];
  headingLevel?: 2 | 3;
  openIds?: ReadonlySet<string>;
  onToggle?: (id: string) => void;
}) {
  const baseId = useId();
  const [localOpen, setLocalOpen] = useState<ReadonlySet<string>>(new Set());
  const open = openIds ?? localOpen;
  const toggle =
    onToggle ??
    ((id: string) =>
      setLocalOpen((current) => {
        const next = new Set(current);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        return next;
      }));
  const Heading = headingLevel === 2 ? "h2" : "h3";

  return (
    <div className="divide-y divide-border rounded-2xl border border-border bg-card">
      {items.map((item) => {
        const isOpen = open.has(item.id);
        const buttonId = `${baseId}-${item.id}-button`;
        const panelId = `${baseId}-${item.id}-panel`;
        return (
          // The item's id is the anchor the site search links to (/support/faq#<id>).
          <div key={item.id} id={item.id} className="scroll-mt-24">
            <Heading className="text-base font-semibold">
              <button
                id={buttonId}
                type="button"
                aria-expanded={isOpen}
                aria-controls={panelId}
                onClick={() => toggle(item.id)}
                className="flex w-full items-center justify-between gap-4 rounded-2xl px-5 py-4 text-left text-foreground outline-none hover:bg-muted/60 focus-visible:ring-3 focus-visible:ring-ring/40"
              >
                {item.question}
                <ChevronDown
                  aria-hidden
                  className={`size-5 shrink-0 text-slate-500 transition-transform motion-reduce:transition-none ${isOpen ? "rotate-180" : ""}`}
                />
              </button>
            </Heading>
            <div
              id={panelId}
              role="region"
              aria-labelledby={buttonId}
              hidden={!isOpen}
              className="flex flex-col gap-3 px-5 pb-5 text-pretty text-slate-700"
            >
              <AnswerText text={item.answer} />
            </div>
          </div>
        );
      })}
    </div>
  );
}
