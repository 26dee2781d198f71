/**
 * Lets the event loop take what is waiting (requests, timers) before the watcher's next statement.
 * PGlite answers a statement without any I/O, so statements awaited one after another never give
 * the loop a turn: a round of them held every request until it ended (docs/decisions/0190).
 */
export const breathe = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Resolves when one of `running` ends or after `ms`, whichever comes first. */
export async function anEndOr(running: Set<Promise<void>>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([...running, new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)))]);
  clearTimeout(timer);
}
