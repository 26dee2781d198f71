import { describe, expect, it } from 'vitest';
import { ANSWER_MESSAGES, answerText, checkSubmission, readAnswer, SKIPPED_TEXT, summaryLines } from './chat-form-answers';
import type { ChatQuestion } from './chat-form-questions';
import { TEXT_MESSAGES } from './text';

const q = (over: Partial<ChatQuestion> = {}): ChatQuestion => ({
  field: 'answer',
  lines: ['?'],
  type: 'text',
  required: true,
  options: [],
  min: null,
  max: null,
  ...over,
});

const value = (question: ChatQuestion, raw: unknown) => readAnswer(question, raw);

describe('answer rules by question kind', () => {
  it('short text: one trimmed line of at most 500 characters', () => {
    expect(value(q(), '  Ada  ')).toEqual({ value: 'Ada' });
    expect(value(q(), '   ')).toEqual({ problem: ANSWER_MESSAGES.typeAnswer, empty: true });
    expect(value(q(), 'Ada\nLovelace')).toEqual({ problem: ANSWER_MESSAGES.oneLine });
    expect(value(q(), 'x'.repeat(500))).toEqual({ value: 'x'.repeat(500) });
    expect(value(q(), 'x'.repeat(501))).toEqual({ problem: ANSWER_MESSAGES.tooLong(500) });
    expect(value(q(), 'a\u0007b')).toEqual({ problem: TEXT_MESSAGES.controlCharacters('An answer') });
  });

  it('long text: keeps line breaks (as \\n), up to 5000 characters', () => {
    const long = q({ type: 'long-text' });
    expect(value(long, 'Rye\r\n2 baguettes ')).toEqual({ value: 'Rye\n2 baguettes' });
    expect(value(long, 'x'.repeat(5001))).toEqual({ problem: ANSWER_MESSAGES.tooLong(5000) });
  });

  it.each(['ada@example.com', 'a.b+c@mail.example.co.uk'])('email: accepts %s', (email) => {
    expect(value(q({ type: 'email' }), ` ${email} `)).toEqual({ value: email });
  });

  it.each(['not-an-email', 'ada@example', 'ada @example.com', '@example.com', 'ada@.com', `${'a'.repeat(250)}@x.com`])(
    'email: refuses %s',
    (email) => {
      expect(value(q({ type: 'email' }), email)).toEqual({ problem: ANSWER_MESSAGES.email });
    },
  );

  it('phone: digits, spaces, brackets and dashes, with an optional leading +, 5 to 15 digits', () => {
    const phone = q({ type: 'phone' });
    expect(value(phone, '+32  470 12-34-56')).toEqual({ value: '+32 470 12-34-56' });
    expect(value(phone, '(020) 555 0100')).toEqual({ value: '(020) 555 0100' });
    for (const bad of ['call me', '12 34', '+1 234 567 890 123 456', '555+0100']) {
      expect(value(phone, bad)).toEqual({ problem: ANSWER_MESSAGES.phone });
    }
  });

  it('number: a number, with a comma or a dot for decimals, within the limits', () => {
    const people = q({ type: 'number', min: 1, max: 12 });
    expect(value(people, '4')).toEqual({ value: 4 });
    expect(value(people, '2,5')).toEqual({ value: 2.5 });
    expect(value(people, 7)).toEqual({ value: 7 });
    expect(value(people, 'four')).toEqual({ problem: ANSWER_MESSAGES.number });
    expect(value(people, '1e3')).toEqual({ problem: ANSWER_MESSAGES.number });
    expect(value(people, '0')).toEqual({ problem: ANSWER_MESSAGES.numberBetween(1, 12) });
    expect(value(people, '13')).toEqual({ problem: ANSWER_MESSAGES.numberBetween(1, 12) });
    expect(value(q({ type: 'number', min: 0 }), '-1')).toEqual({ problem: ANSWER_MESSAGES.numberAtLeast(0) });
    expect(value(q({ type: 'number', max: 10 }), '10.5')).toEqual({ problem: ANSWER_MESSAGES.numberAtMost(10) });
    expect(value(q({ type: 'number' }), '-3')).toEqual({ value: -3 });
    expect(value(q({ type: 'number' }), '1 000')).toEqual({ value: 1000 });
    expect(value(q({ type: 'number' }), true)).toEqual({ problem: ANSWER_MESSAGES.number });
  });

  it('date: a real calendar day as year-month-day', () => {
    const date = q({ type: 'date' });
    expect(value(date, '2026-03-14')).toEqual({ value: '2026-03-14' });
    expect(value(date, '2026-02-30')).toEqual({ problem: ANSWER_MESSAGES.date });
    expect(value(date, '14/03/2026')).toEqual({ problem: ANSWER_MESSAGES.date });
    expect(value(date, '')).toEqual({ problem: ANSWER_MESSAGES.pickDate, empty: true });
  });

  it('one choice: one of the options, spelled as the option is', () => {
    const size = q({ type: 'choice', options: ['Small', 'Large'] });
    expect(value(size, 'large')).toEqual({ value: 'Large' });
    expect(value(size, 'Medium')).toEqual({ problem: ANSWER_MESSAGES.notAnOption });
    expect(value(size, ['Small'])).toEqual({ problem: ANSWER_MESSAGES.notAnOption });
  });

  it('several choices: options only, in the order the question lists them, each once', () => {
    const breads = q({ type: 'choices', options: ['Rye', 'Spelt', 'White'] });
    expect(value(breads, ['White', 'rye', 'Rye'])).toEqual({ value: ['Rye', 'White'] });
    expect(value(breads, [])).toEqual({ problem: ANSWER_MESSAGES.chooseSome, empty: true });
    expect(value(breads, ['Rye', 'Corn'])).toEqual({ problem: ANSWER_MESSAGES.notOptions });
    expect(value(breads, 'Rye')).toEqual({ problem: ANSWER_MESSAGES.notOptions });
  });

  it('yes or no: a boolean (or the words yes and no)', () => {
    const yesNo = q({ type: 'yes-no' });
    expect(value(yesNo, true)).toEqual({ value: true });
    expect(value(yesNo, 'No')).toEqual({ value: false });
    expect(value(yesNo, 'maybe')).toEqual({ problem: ANSWER_MESSAGES.yesOrNo });
  });

  it('an optional question reads nothing as skipped; a required one asks for an answer', () => {
    for (const type of ['text', 'email', 'number', 'date', 'choice', 'choices', 'yes-no'] as const) {
      const optional = q({ type, required: false, options: ['A', 'B'] });
      expect(value(optional, null)).toEqual({ value: null });
      expect(value(q({ type, options: ['A', 'B'] }), null)).toMatchObject({ problem: expect.any(String) });
    }
    expect(value(q({ required: false }), '  ')).toEqual({ value: null });
    expect(value(q({ type: 'choices', required: false, options: ['A', 'B'] }), [])).toEqual({ value: null });
  });
});

describe('submission check against the form questions', () => {
  const questions = [
    q({ field: 'name' }),
    q({ field: 'email', type: 'email' }),
    q({ field: 'people', type: 'number', min: 1, max: 8, required: false }),
    q({ field: 'breads', type: 'choices', options: ['Rye', 'Spelt'] }),
  ];

  it('stores the read answers of exactly the form fields, leaving skipped ones out', () => {
    expect(checkSubmission(questions, { name: ' Ada ', email: 'ada@example.com', people: null, breads: ['Spelt'] })).toEqual({
      answers: { name: 'Ada', email: 'ada@example.com', breads: ['Spelt'] },
    });
  });

  it('rejects a field the form does not ask', () => {
    expect(checkSubmission(questions, { name: 'Ada', email: 'a@b.co', breads: ['Rye'], admin: 'yes' })).toEqual({
      problem: ANSWER_MESSAGES.unknownField('admin'),
    });
  });

  it('needs every required question answered', () => {
    expect(checkSubmission(questions, { name: 'Ada', breads: ['Rye'] })).toEqual({
      problem: ANSWER_MESSAGES.missingAnswer('email'),
    });
    expect(checkSubmission(questions, { name: ' ', email: 'a@b.co', breads: ['Rye'] })).toEqual({
      problem: ANSWER_MESSAGES.missingAnswer('name'),
    });
  });

  it('names the question whose answer breaks its kind', () => {
    expect(checkSubmission(questions, { name: 'Ada', email: 'not-an-email', breads: ['Rye'] })).toEqual({
      problem: 'Answer to "email": Please enter an email address like name@example.com.',
    });
    expect(checkSubmission(questions, { name: 'Ada', email: 'a@b.co', people: '9', breads: ['Rye'] })).toEqual({
      problem: ANSWER_MESSAGES.answerTo('people', ANSWER_MESSAGES.numberBetween(1, 8)),
    });
  });
});

describe('answers as people read them', () => {
  it('writes each kind plainly', () => {
    expect([answerText('Ada'), answerText(4.5), answerText(true), answerText(false), answerText(['Rye', 'Spelt'])]).toEqual([
      'Ada',
      '4.5',
      'Yes',
      'No',
      'Rye, Spelt',
    ]);
  });

  it('summarizes as field: answer lines in question order, skipped ones said so; a date as people write it', () => {
    expect(
      summaryLines(
        [
          { field: 'name', type: 'text' },
          { field: 'order', type: 'text' },
          { field: 'note', type: 'text' },
          { field: 'day', type: 'date' },
        ],
        { order: 'Bread', name: 'Ada', note: null, day: '2026-03-14' },
      ),
    ).toEqual(['name: Ada', 'order: Bread', `note: ${SKIPPED_TEXT}`, 'day: 14 March 2026']);
  });

  it('reads a date answer as people write it, only for a date question (#31)', () => {
    expect(answerText('2026-03-04', 'date')).toBe('4 March 2026');
    expect(answerText('2026-12-31', 'date')).toBe('31 December 2026');
    expect(answerText('2026-03-04', 'text')).toBe('2026-03-04');
    expect(answerText('2026-03-04')).toBe('2026-03-04');
  });
});
