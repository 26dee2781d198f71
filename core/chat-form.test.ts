import { describe, expect, it } from 'vitest';
import {
  CHAT_FORM_MESSAGES,
  type ChatFormInput,
  chatFormInputSchema,
  chatFormProblem,
  checkSubmission,
  normalizeChatForm,
  responseColumns,
  summaryLines,
  thankYouLines,
} from './chat-form';

const form = (over: Partial<ChatFormInput> = {}): ChatFormInput => ({
  title: 'Order',
  description: '',
  questions: [{ field: 'name', lines: ['Your name?'], long: false }],
  thankYouMessage: '',
  ...over,
});

describe('chat form definition rules', () => {
  it('accepts a valid form', () => {
    expect(chatFormProblem(form())).toBeNull();
  });

  it('normalizes what was typed: trimmed text, no empty lines', () => {
    const parsed = chatFormInputSchema.parse({
      title: '  Order  ',
      questions: [{ field: ' name ', lines: ['', ' Hi ', '  '] }],
      thankYouMessage: ' Thanks\r\nBye ',
    });
    expect(parsed).toEqual({
      title: 'Order',
      description: '',
      questions: [{ field: 'name', lines: ['Hi'], long: false }],
      thankYouMessage: 'Thanks\nBye',
    });
  });

  it.each([
    [form({ title: '' }), CHAT_FORM_MESSAGES.titleRequired, 'title'],
    [form({ title: 'x'.repeat(121) }), CHAT_FORM_MESSAGES.titleTooLong, 'title'],
    [form({ description: 'x'.repeat(1001) }), CHAT_FORM_MESSAGES.descriptionTooLong, 'description'],
    [form({ questions: [] }), CHAT_FORM_MESSAGES.questionsRequired, 'questions'],
    [form({ questions: [{ field: '', lines: ['?'], long: false }] }), CHAT_FORM_MESSAGES.fieldRequired, 'field'],
    [form({ questions: [{ field: 'x'.repeat(61), lines: ['?'], long: false }] }), CHAT_FORM_MESSAGES.fieldTooLong, 'field'],
    [form({ questions: [{ field: 'a', lines: [], long: false }] }), CHAT_FORM_MESSAGES.linesRequired, 'lines'],
    [form({ questions: [{ field: 'a', lines: ['x'.repeat(501)], long: false }] }), CHAT_FORM_MESSAGES.lineTooLong, 'lines'],
    [form({ questions: [{ field: 'a', lines: Array(11).fill('?'), long: false }] }), CHAT_FORM_MESSAGES.tooManyLines, 'lines'],
    [form({ thankYouMessage: 'x'.repeat(2001) }), CHAT_FORM_MESSAGES.thankYouTooLong, 'thankYouMessage'],
  ])('refuses a broken rule (%#)', (input, message, part) => {
    expect(chatFormProblem(input)).toMatchObject({ message, part });
  });

  it('refuses more than 50 questions', () => {
    const questions = Array.from({ length: 51 }, (_, i) => ({ field: `q${i}`, lines: ['?'], long: false }));
    expect(chatFormProblem(form({ questions }))?.message).toBe(CHAT_FORM_MESSAGES.tooManyQuestions);
  });

  it('refuses two fields that differ only in case, naming the question', () => {
    const questions = [
      { field: 'Name', lines: ['?'], long: false },
      { field: 'name', lines: ['?'], long: false },
    ];
    expect(chatFormProblem(normalizeChatForm(form({ questions })))).toEqual({
      part: 'field',
      question: 1,
      message: CHAT_FORM_MESSAGES.fieldDuplicate('name'),
    });
  });

  it('gives the rule message through the schema unchanged', () => {
    const result = chatFormInputSchema.safeParse({ title: ' ', questions: [] });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(CHAT_FORM_MESSAGES.titleRequired);
  });
});

describe('submission check against the form questions', () => {
  const questions = [
    { field: 'name', lines: ['?'], long: false },
    { field: 'notes', lines: ['?'], long: true },
  ];

  it('stores trimmed answers of exactly the form fields', () => {
    expect(checkSubmission(questions, { name: ' Ada ', notes: 'a\r\nb' })).toEqual({ answers: { name: 'Ada', notes: 'a\nb' } });
  });

  it('rejects a field the form does not ask', () => {
    expect(checkSubmission(questions, { name: 'Ada', notes: 'x', admin: 'yes' })).toEqual({
      problem: CHAT_FORM_MESSAGES.unknownField('admin'),
    });
  });

  it('needs every question answered', () => {
    expect(checkSubmission(questions, { name: 'Ada' })).toEqual({ problem: CHAT_FORM_MESSAGES.missingAnswer('notes') });
    expect(checkSubmission(questions, { name: ' ', notes: 'x' })).toEqual({ problem: CHAT_FORM_MESSAGES.missingAnswer('name') });
  });

  it('bounds answers by the question kind', () => {
    expect(checkSubmission(questions, { name: 'x'.repeat(501), notes: 'x' })).toEqual({
      problem: CHAT_FORM_MESSAGES.answerTooLong(500),
    });
    expect(checkSubmission(questions, { name: 'x', notes: 'x'.repeat(5001) })).toEqual({
      problem: CHAT_FORM_MESSAGES.answerTooLong(5000),
    });
    expect(checkSubmission(questions, { name: 'a\nb', notes: 'x' })).toEqual({ problem: CHAT_FORM_MESSAGES.answerOneLine });
  });
});

describe('what the visitor sees after submit', () => {
  it('shows the thank-you lines, or Thank you!', () => {
    expect(thankYouLines('Thanks!\n\n  See you soon.  ')).toEqual(['Thanks!', 'See you soon.']);
    expect(thankYouLines('  ')).toEqual(['Thank you!']);
  });

  it('summarizes the answers as field: answer lines in question order', () => {
    expect(summaryLines([{ field: 'name' }, { field: 'order' }], { order: 'Bread', name: 'Ada' })).toEqual([
      'name: Ada',
      'order: Bread',
    ]);
  });
});

describe('response columns', () => {
  it('lists the form fields, then fields only older responses have', () => {
    expect(responseColumns(['name', 'order'], ['order', 'zip', 'name', 'city', 'zip'])).toEqual(['name', 'order', 'city', 'zip']);
  });
});
