import { characterCount, hasControlCharacters, TEXT_MESSAGES } from './text-rules';

/** The kinds of answer a chat form question asks for (issue 19), and the rules of each question's settings. */

export const QUESTION_TYPES = ['text', 'long-text', 'email', 'phone', 'number', 'choice', 'choices', 'date', 'yes-no'] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

/** What the owner picks from, in plain words. */
export const QUESTION_TYPE_LABELS: Record<QuestionType, string> = {
  text: 'Short text',
  'long-text': 'Long text',
  email: 'Email address',
  phone: 'Phone number',
  number: 'Number',
  choice: 'One choice',
  choices: 'Several choices',
  date: 'Date',
  'yes-no': 'Yes or no',
};

export const FIELD_MAX = 60;
export const OPTIONS_MIN = 2;
export const OPTIONS_MAX = 20;
export const OPTION_MAX = 100;
/** Bounds a number question's limits stay within, so every limit prints plainly (no exponent). */
export const NUMBER_LIMIT = 1_000_000_000_000;

export const QUESTION_MESSAGES = {
  optionsRequired: `A choice question needs at least ${OPTIONS_MIN} options.`,
  tooManyOptions: `A choice question can have at most ${OPTIONS_MAX} options.`,
  optionTooLong: `Each option can be at most ${OPTION_MAX} characters.`,
  optionDuplicate: (option: string) => `Options must be different: "${option}" is listed twice.`,
  limitNotNumber: 'Limits must be numbers.',
  limitTooLarge: `Limits must be between -${NUMBER_LIMIT} and ${NUMBER_LIMIT}.`,
  limitsReversed: 'The minimum cannot be larger than the maximum.',
} as const;

/** One question as stored and served: its bubbles, its answer kind and that kind's settings. */
export interface ChatQuestion {
  /** The answer key: the column of responses and the left side of the summary's 'field: answer'. */
  field: string;
  /** The text lines shown as system bubbles. */
  lines: string[];
  type: QuestionType;
  /** False: the visitor may Skip it. */
  required: boolean;
  /** The options of a choice question, in order; empty for other kinds. */
  options: string[];
  /** Inclusive limits of a number question; null for none (and for other kinds). */
  min: number | null;
  max: number | null;
}

export const isChoiceType = (type: QuestionType) => type === 'choice' || type === 'choices';

/**
 * A question as an older version stored it ({field, lines} and perhaps `long`), or as the
 * editor sends it, made whole: anything a kind does not use is dropped.
 */
export function normalizeQuestion(q: {
  field: string;
  lines: string[];
  type?: QuestionType | undefined;
  long?: boolean | undefined;
  required?: boolean | undefined;
  options?: string[] | undefined;
  min?: number | null | undefined;
  max?: number | null | undefined;
}): ChatQuestion {
  const type = q.type ?? (q.long === true ? 'long-text' : 'text');
  return {
    field: q.field.trim(),
    lines: q.lines.map((line) => line.trim()).filter((line) => line.length > 0),
    type,
    required: q.required ?? true,
    options: isChoiceType(type) ? (q.options ?? []).map((o) => o.trim()).filter((o) => o.length > 0) : [],
    min: type === 'number' ? (q.min ?? null) : null,
    max: type === 'number' ? (q.max ?? null) : null,
  };
}

/** The first rule a normalized question's kind settings break, or null (text and field are checked with the form). */
export function questionSettingsProblem(q: ChatQuestion): { part: 'options' | 'limits'; message: string } | null {
  if (isChoiceType(q.type)) {
    if (q.options.length < OPTIONS_MIN) return { part: 'options', message: QUESTION_MESSAGES.optionsRequired };
    if (q.options.length > OPTIONS_MAX) return { part: 'options', message: QUESTION_MESSAGES.tooManyOptions };
    const seen = new Set<string>();
    for (const option of q.options) {
      if (characterCount(option) > OPTION_MAX) return { part: 'options', message: QUESTION_MESSAGES.optionTooLong };
      if (hasControlCharacters(option)) return { part: 'options', message: TEXT_MESSAGES.controlCharacters('An option') };
      const key = option.toLowerCase();
      if (seen.has(key)) return { part: 'options', message: QUESTION_MESSAGES.optionDuplicate(option) };
      seen.add(key);
    }
  }
  if (q.type === 'number') {
    for (const limit of [q.min, q.max]) {
      if (limit === null) continue;
      if (!Number.isFinite(limit)) return { part: 'limits', message: QUESTION_MESSAGES.limitNotNumber };
      if (Math.abs(limit) > NUMBER_LIMIT) return { part: 'limits', message: QUESTION_MESSAGES.limitTooLarge };
    }
    if (q.min !== null && q.max !== null && q.min > q.max) return { part: 'limits', message: QUESTION_MESSAGES.limitsReversed };
  }
  return null;
}

/** Words an English question asks with, not what it asks about: left out of a short key. */
const QUESTION_WORDS = new Set(
  (
    "what what's whats which who whom whose when where why how many much is are was were do does did would could " +
    "can will should shall may might you you're your yours we we'll our us i i'd me my the a an to of for in on " +
    'at by please kindly like want wish need prefer use give tell let know any some there this that it be have has'
  ).split(' '),
);
/** Content words a short key keeps (issue 43: CSV headers were whole question texts). */
const SHORT_KEY_WORDS = 3;

/**
 * The answer key a question gets from its text, so the owner never has to name a column: the last
 * line (the question itself, after any greeting), without closing punctuation, shortened to its
 * first few words that are not question words (issue 43), at most FIELD_MAX characters.
 * "Hello!\nWhat is your name?" gives "Name"; a question of question words only keeps its line.
 */
export function answerKeyFromText(text: string): string {
  const lines = text
    .split(/\r\n?|\n/)
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter((line) => line.length > 0);
  const last = (lines.at(-1) ?? '').replace(/[\s?!:.…。？！：]+$/u, '');
  // The first clause only: "When should we deliver, and where?" is about delivering.
  const clause = last.split(/[,;] /)[0] ?? '';
  const words = clause.split(' ').filter((word) => !QUESTION_WORDS.has(word.toLowerCase()));
  const short = words.length > 0 ? words.slice(0, SHORT_KEY_WORDS).join(' ') : last;
  const key = short.charAt(0).toUpperCase() + short.slice(1);
  return [...key].slice(0, FIELD_MAX).join('').trim();
}

/** `key`, or `key 2`, `key 3`… when another question already has it (keys are unique regardless of case). */
export function uniqueAnswerKey(key: string, taken: Iterable<string>): string {
  const used = new Set([...taken].map((k) => k.toLowerCase()));
  if (!used.has(key.toLowerCase())) return key;
  for (let n = 2; ; n++) {
    const suffix = ` ${n}`;
    const candidate = [...key].slice(0, FIELD_MAX - suffix.length).join('') + suffix;
    if (!used.has(candidate.toLowerCase())) return candidate;
  }
}
