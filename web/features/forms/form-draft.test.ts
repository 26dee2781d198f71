import { describe, expect, it } from 'vitest';
import { chatFormProblem, normalizeChatForm } from '../../../core/chat-form';
import type { ManagedChatForm } from '../../../core/chat-form-api';
import {
  answerKeys,
  draftOf,
  emptyDraft,
  emptyQuestion,
  inputOf,
  localDateTime,
  moveQuestion,
  moveQuestionTo,
} from './form-draft';

const question = (text: string, over = {}) => ({ ...emptyQuestion(), text, ...over });

describe('the form editor draft', () => {
  it('turns each line of a question text into a bubble, and back', () => {
    const draft = {
      ...emptyDraft(),
      title: 'Order',
      questions: [question('Hi!\r\nYour name?\n', { field: 'name', keyFollowsText: false })],
    };
    const input = normalizeChatForm(inputOf(draft));
    expect(input.questions).toEqual([
      { field: 'name', lines: ['Hi!', 'Your name?'], type: 'text', required: true, options: [], min: null, max: null },
    ]);
    expect(chatFormProblem(input)).toBeNull();
    const form: ManagedChatForm = {
      ...input,
      id: 'x',
      owner: null,
      closed: null,
      ownerId: null,
      createdAt: 0,
      updatedAt: 0,
      responseCount: 0,
    };
    expect(draftOf(form).questions[0]).toMatchObject({ field: 'name', text: 'Hi!\nYour name?', keyFollowsText: false });
  });

  it('makes answer keys from the question text, numbered when two are the same, until the owner types one', () => {
    const questions = [
      question('Hello!\nWhat is your name?'),
      question('What is your name?'),
      question(''),
      question('x', { field: 'Email', keyFollowsText: false }),
    ];
    expect(answerKeys(questions)).toEqual(['Name', 'Name 2', 'Question 3', 'Email']);
    expect(answerKeys([question('Email?'), question('x', { field: 'email', keyFollowsText: false })])).toEqual([
      'Email 2',
      'email',
    ]);
  });

  it('sends options only for choice questions and limits only for numbers; unreadable numbers are refused by the rules', () => {
    const draft = {
      ...emptyDraft(),
      title: 'T',
      questions: [
        question('Size?', { type: 'choice', optionsText: 'Small\n\nLarge', min: '3' }),
        question('How many?', { type: 'number', min: '1', max: 'lots', optionsText: 'x' }),
      ],
    };
    const input = normalizeChatForm(inputOf(draft));
    expect(input.questions.map((q) => [q.options, q.min])).toEqual([
      [['Small', 'Large'], null],
      [[], 1],
    ]);
    expect(chatFormProblem(input)).toMatchObject({ part: 'limits', question: 1, message: 'Limits must be numbers.' });
  });

  it('reads the closing date in the owner’s time zone and the maximum as a whole number', () => {
    const ms = new Date(2030, 5, 1, 18, 30).getTime();
    const draft = { ...emptyDraft(), title: 'T', questions: [question('Q?')], closesAt: localDateTime(ms), maxResponses: '40' };
    expect(inputOf(draft)).toMatchObject({ closesAt: ms, maxResponses: 40 });
    expect(chatFormProblem(normalizeChatForm(inputOf({ ...draft, maxResponses: '2.5' })))?.part).toBe('maxResponses');
  });

  it('starts with one empty question, which the rules refuse until it has text', () => {
    const draft = emptyDraft();
    expect(draft.questions).toHaveLength(1);
    expect(chatFormProblem(normalizeChatForm(inputOf({ ...draft, title: 'T' })))?.part).toBe('lines');
  });

  it('moves a question up, down or to a place, keeping its key, and ignores moves past either end', () => {
    const qs = ['a', 'b', 'c'].map((key) => ({ ...emptyQuestion(), key }));
    expect(moveQuestion(qs, 2, -1).map((q) => q.key)).toEqual(['a', 'c', 'b']);
    expect(moveQuestion(qs, 0, 1).map((q) => q.key)).toEqual(['b', 'a', 'c']);
    expect(moveQuestionTo(qs, 0, 2).map((q) => q.key)).toEqual(['b', 'c', 'a']);
    expect(moveQuestion(qs, 0, -1)).toBe(qs);
    expect(moveQuestion(qs, 2, 1)).toBe(qs);
  });
});
