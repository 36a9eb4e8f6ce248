/**
 * Logs the page's Core Web Vitals against the targets of spec §9 (LCP < 2500 ms, FCP < 1800 ms, CLS < 0.1) to
 * the console, with the browser's own PerformanceObserver entries: FCP as soon as it is known, LCP and CLS when
 * the page has been visible for a while after loading or is hidden, whichever comes first. Call after `load`.
 */
export const WEB_VITAL_TARGETS = { LCP: 2500, FCP: 1800, CLS: 0.1 } as const;

const REPORT_AFTER_LOAD_MS = 5000;

type Metric = keyof typeof WEB_VITAL_TARGETS;

export function formatWebVital(metric: Metric, value: number): string {
  const target = WEB_VITAL_TARGETS[metric];
  const shown = metric === "CLS" ? value.toFixed(3) : `${Math.round(value)} ms`;
  const goal = metric === "CLS" ? String(target) : `${target} ms`;
  return `[Web Vitals] ${metric} ${shown} (doel < ${goal}): ${value < target ? "gehaald" : "NIET gehaald"}`;
}

function observe(type: string, onEntries: (entries: PerformanceEntry[]) => void): boolean {
  if (typeof PerformanceObserver === "undefined") return false;
  if (!PerformanceObserver.supportedEntryTypes?.includes(type)) return false;
  new PerformanceObserver((list) => onEntries(list.getEntries())).observe({ type, buffered: true });
  return true;
}

interface LayoutShift extends PerformanceEntry {
  value: number;
  hadRecentInput: boolean;
}

export function reportWebVitals(): void {
  let lcp: number | undefined;
  let cls = 0;
  let isReported = false;

  observe("paint", (entries) => {
    const fcp = entries.find((entry) => entry.name === "first-contentful-paint");
    if (fcp) console.info(formatWebVital("FCP", fcp.startTime));
  });
  const hasLcp = observe("largest-contentful-paint", (entries) => {
    const last = entries.at(-1);
    if (last) lcp = last.startTime;
  });
  const hasCls = observe("layout-shift", (entries) => {
    for (const entry of entries as LayoutShift[]) if (!entry.hadRecentInput) cls += entry.value;
  });

  const report = () => {
    if (isReported) return;
    isReported = true;
    if (hasLcp && lcp !== undefined) console.info(formatWebVital("LCP", lcp));
    if (hasCls) console.info(formatWebVital("CLS", cls));
  };
  setTimeout(report, REPORT_AFTER_LOAD_MS);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") report();
  });
}
