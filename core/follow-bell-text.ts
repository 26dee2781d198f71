/**
 * A bell per business followed (issue 41 §2, docs/decisions/0214): what a follower hears of that
 * business, and how often, overriding their default for list mail (Settings → Email). No zod here:
 * the profile's Following button reads these words (core/follow-bell.ts holds the schemas).
 */
export const BELLS = ['all', 'moves', 'lists', 'none'] as const;
export type Bell = (typeof BELLS)[number];
export const BELL_CADENCES = ['instant', 'daily', 'weekly'] as const;
export type BellCadence = (typeof BELL_CADENCES)[number];

export const MOVE_PERCENT_MIN = 1;
export const MOVE_PERCENT_MAX = 100;

export const BELL_MESSAGES = {
  percentNeeded: `Give the smallest price move to hear of, from ${MOVE_PERCENT_MIN} to ${MOVE_PERCENT_MAX} %.`,
  percentOnlyForMoves: 'A percentage goes only with "new lists and price moves of at least …".',
  notFollowing: 'You do not follow this business.',
} as const;

/** What each bell says, in Settings, on /following and on the profile's Following button. */
export const BELL_LABELS: Record<Bell, string> = {
  all: 'All updates: new lists and price changes',
  moves: 'New lists and price moves of at least …',
  lists: 'New lists only',
  none: 'Nothing',
};

export const CADENCE_LABELS: Record<BellCadence | 'default', string> = {
  default: 'As in my email settings',
  instant: 'Instantly (within minutes, at most one mail an hour)',
  daily: 'In a daily digest',
  weekly: 'In a weekly digest',
};

/** What a follow's bell is (the API's answer). */
export interface FollowBell {
  bell: Bell;
  /** The smallest price move heard of, in percent; only with 'moves'. */
  movePercent: number | null;
  /** Null: the person's default (email_preferences.list_updates). */
  cadence: BellCadence | null;
}

export const DEFAULT_BELL: FollowBell = { bell: 'all', movePercent: null, cadence: null };

/** One line saying what a bell does, e.g. "New lists and price moves of at least 10 %, daily". */
export function bellSummary(bell: FollowBell): string {
  if (bell.bell === 'none') return 'Nothing';
  const what = bell.bell === 'moves' ? `New lists and price moves of at least ${bell.movePercent} %` : BELL_LABELS[bell.bell];
  return bell.cadence ? `${what}, ${bell.cadence === 'instant' ? 'instantly' : bell.cadence}` : what;
}
