/** One part of a bench run and how long it took, wall clock (issue 44: the whole run should fit in ~20 minutes). */
export interface PartTime {
  /** `postgres: directory searches`, `email`, … */
  part: string;
  seconds: number;
}

/**
 * Times a run's parts as they happen, one call where each part starts: the part before ends there.
 * Each part's seconds are printed when it ends, so a run stopped halfway still shows where its time
 * went; the list goes to latest.json.
 */
export function partTimer(log: (line: string) => void) {
  const list: PartTime[] = [];
  let current: { part: string; started: number } | null = null;
  const end = () => {
    if (!current) return;
    const seconds = (performance.now() - current.started) / 1000;
    // A part the options left out ends as soon as it starts: it is not listed.
    if (seconds >= 0.05) {
      list.push({ part: current.part, seconds });
      log(`[time] ${current.part}: ${seconds.toFixed(1)} s`);
    }
    current = null;
  };
  return {
    list,
    /** `part` starts now; the one before ends. */
    start(part: string) {
      end();
      current = { part, started: performance.now() };
    },
    end,
    /** The parts, longest first, as one Markdown line for the report's end. */
    summary(): string {
      end();
      if (list.length === 0) return '';
      const total = list.reduce((sum, p) => sum + p.seconds, 0);
      const parts = [...list].sort((a, b) => b.seconds - a.seconds).map((p) => `${p.part} ${p.seconds.toFixed(0)} s`);
      return `\nTime by part (${(total / 60).toFixed(1)} min in all, longest first): ${parts.join(', ')}.\n`;
    },
  };
}
