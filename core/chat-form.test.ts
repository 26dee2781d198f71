import { describe, expect, it } from 'vitest';
import {
  CHAT_FORM_MESSAGES,
  type ChatFormInput,
  chatFormInputSchema,
  chatFormProblem,
  closedReason,
  normalizeChatForm,
  responseColumns,
} from './chat-form';
import { type ChatQuestion, QUESTION_MESSAGES } from './chat-form-questions';
import { thankYouLines } from './chat-form-visitor';

const q = (over: Partial<ChatQuestion> = {}): ChatQuestion => ({
  field: 'name',
  lines: ['Your name?'],
  type: 'text',
  required: true,
  options: [],
  min: null,
  max: null,
  ...over,
});

const form = (over: Partial<ChatFormInput> = {}): ChatFormInput => ({
  title: 'Order',
  description: '',
  questions: [q()],
  thankYouMessage: '',
  closesAt: null,
  maxResponses: null,
  ...over,
});

describe('chat form definition rules', () => {
  it('accepts a valid form', () => {
    expect(chatFormProblem(form())).toBeNull();
  });

  it('normalizes what was typed: trimmed text, no empty lines, and defaults for what an older client leaves out', () => {
    const parsed = chatFormInputSchema.parse({
      title: '  Order  ',
      questions: [
        { field: ' name ', lines: ['', ' Hi ', '  '] },
        { field: 'notes', lines: ['More?'], long: true },
      ],
      thankYouMessage: ' Thanks\r\nBye ',
    });
    expect(parsed).toEqual({
      title: 'Order',
      description: '',
      questions: [q({ field: 'name', lines: ['Hi'] }), q({ field: 'notes', lines: ['More?'], type: 'long-text' })],
      thankYouMessage: 'Thanks\nBye',
      closesAt: null,
      maxResponses: null,
    });
  });

  it('keeps options only for choice questions and limits only for numbers', () => {
    const parsed = chatFormInputSchema.parse({
      title: 'T',
      questions: [
        { field: 'size', lines: ['Size?'], type: 'choice', options: [' Small ', '', 'Large'], min: 3 },
        { field: 'people', lines: ['How many?'], type: 'number', options: ['x'], min: 1, max: 8 },
      ],
    });
    expect(parsed.questions).toEqual([
      q({ field: 'size', lines: ['Size?'], type: 'choice', options: ['Small', 'Large'] }),
      q({ field: 'people', lines: ['How many?'], type: 'number', min: 1, max: 8 }),
    ]);
  });

  it.each([
    [form({ title: '' }), CHAT_FORM_MESSAGES.titleRequired, 'title'],
    [form({ title: 'x'.repeat(121) }), CHAT_FORM_MESSAGES.titleTooLong, 'title'],
    [form({ description: 'x'.repeat(1001) }), CHAT_FORM_MESSAGES.descriptionTooLong, 'description'],
    [form({ questions: [] }), CHAT_FORM_MESSAGES.questionsRequired, 'questions'],
    [form({ questions: [q({ field: '' })] }), CHAT_FORM_MESSAGES.fieldRequired, 'field'],
    [form({ questions: [q({ field: 'x'.repeat(61) })] }), CHAT_FORM_MESSAGES.fieldTooLong, 'field'],
    [form({ questions: [q({ lines: [] })] }), CHAT_FORM_MESSAGES.linesRequired, 'lines'],
    [form({ questions: [q({ lines: ['x'.repeat(501)] })] }), CHAT_FORM_MESSAGES.lineTooLong, 'lines'],
    [form({ questions: [q({ lines: Array(11).fill('?') })] }), CHAT_FORM_MESSAGES.tooManyLines, 'lines'],
    [form({ questions: [q({ type: 'choice', options: ['Only'] })] }), QUESTION_MESSAGES.optionsRequired, 'options'],
    [
      form({ questions: [q({ type: 'choices', options: Array.from({ length: 21 }, (_, i) => `o${i}`) })] }),
      QUESTION_MESSAGES.tooManyOptions,
      'options',
    ],
    [form({ questions: [q({ type: 'choice', options: ['a', 'x'.repeat(101)] })] }), QUESTION_MESSAGES.optionTooLong, 'options'],
    [form({ questions: [q({ type: 'choice', options: ['Rye', 'rye'] })] }), QUESTION_MESSAGES.optionDuplicate('rye'), 'options'],
    [form({ questions: [q({ type: 'number', min: 5, max: 1 })] }), QUESTION_MESSAGES.limitsReversed, 'limits'],
    [form({ questions: [q({ type: 'number', max: 1e13 })] }), QUESTION_MESSAGES.limitTooLarge, 'limits'],
    [form({ questions: [q({ type: 'number', min: Number.NaN })] }), QUESTION_MESSAGES.limitNotNumber, 'limits'],
    [form({ thankYouMessage: 'x'.repeat(2001) }), CHAT_FORM_MESSAGES.thankYouTooLong, 'thankYouMessage'],
    [form({ maxResponses: 0 }), CHAT_FORM_MESSAGES.maxResponses, 'maxResponses'],
    [form({ maxResponses: 2.5 }), CHAT_FORM_MESSAGES.maxResponses, 'maxResponses'],
    [form({ closesAt: -1 }), CHAT_FORM_MESSAGES.closesAt, 'closesAt'],
    [form({ closesAt: 1e15 }), CHAT_FORM_MESSAGES.closesAt, 'closesAt'],
  ])('refuses a broken rule (%#)', (input, message, part) => {
    expect(chatFormProblem(input)).toMatchObject({ message, part });
  });

  it('refuses more than 50 questions', () => {
    const questions = Array.from({ length: 51 }, (_, i) => q({ field: `q${i}` }));
    expect(chatFormProblem(form({ questions }))?.message).toBe(CHAT_FORM_MESSAGES.tooManyQuestions);
  });

  it('refuses two answer keys that differ only in case, naming the question', () => {
    const questions = [q({ field: 'Name' }), q({ field: 'name' })];
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

describe('closing a form', () => {
  it('is open without a closing date or maximum', () => {
    expect(closedReason({ closesAt: null, maxResponses: null }, 1000, Date.now())).toBeNull();
  });

  it('closes at its closing date, to the millisecond', () => {
    expect(closedReason({ closesAt: 1000, maxResponses: null }, 0, 999)).toBeNull();
    expect(closedReason({ closesAt: 1000, maxResponses: null }, 0, 1000)).toBe('date');
  });

  it('closes once it has its maximum of responses', () => {
    expect(closedReason({ closesAt: null, maxResponses: 2 }, 1, 0)).toBeNull();
    expect(closedReason({ closesAt: null, maxResponses: 2 }, 2, 0)).toBe('full');
  });
});

describe('what the visitor sees after submit', () => {
  it('shows the thank-you lines, or Thank you!', () => {
    expect(thankYouLines('Thanks!\n\n  See you soon.  ')).toEqual(['Thanks!', 'See you soon.']);
    expect(thankYouLines('  ')).toEqual(['Thank you!']);
  });
});

describe('response columns', () => {
  it('lists the form fields, then fields only older responses have', () => {
    expect(responseColumns(['name', 'order'], ['order', 'zip', 'name', 'city', 'zip'])).toEqual(['name', 'order', 'city', 'zip']);
  });
});
