import { describe, expect, it } from 'vitest';
import { ANSWER_MESSAGES } from '../../../core/chat-form-answers';
import type { ChatQuestion } from '../../../core/chat-form-questions';
import {
  announcement,
  answersByField,
  type ChatFormAction,
  type ChatFormState,
  chatFormReducer,
  currentQuestion,
  initialChatFormState,
  progress,
} from './chat-form-machine';

const q = (over: Partial<ChatQuestion>): ChatQuestion => ({
  field: 'x',
  lines: ['?'],
  type: 'text',
  required: true,
  options: [],
  min: null,
  max: null,
  ...over,
});

const questions: ChatQuestion[] = [
  q({ field: 'name', lines: ['Hi!', 'What is your name?'] }),
  q({ field: 'order', lines: ['What would you like to order?'], type: 'long-text' }),
  q({ field: 'breads', lines: ['Which breads?'], type: 'choices', options: ['Rye', 'Spelt'] }),
  q({ field: 'note', lines: ['Anything else?'], required: false }),
];

const run = (state: ChatFormState, ...actions: ChatFormAction[]) => actions.reduce(chatFormReducer, state);
const typed = (state: ChatFormState, text: string) => run(state, { type: 'type', text }, { type: 'send' });
const start = () => initialChatFormState(questions, 'key-aaaaaaaaaaaaaaaa');
const allAnswered = () =>
  run(typed(typed(start(), 'Ada'), 'Bread'), { type: 'toggle', option: 'Rye' }, { type: 'send' }, { type: 'skip' });

describe('chat form answering', () => {
  it('starts at the first question, 1 of 4', () => {
    const state = start();
    expect(state).toMatchObject({ phase: 'answering', index: 0, text: '' });
    expect(progress(state)).toEqual({ current: 1, total: 4, answered: 0 });
    expect(announcement(state)).toBe('Question 1 of 4: Hi! What is your name?');
  });

  it('advances on each answer, trimmed, and clears the input', () => {
    const state = typed(start(), '  Ada  ');
    expect(state).toMatchObject({ phase: 'answering', index: 1, text: '', error: null });
    expect(state.answers.slice(0, 1)).toEqual(['Ada']);
    expect(progress(state)).toEqual({ current: 2, total: 4, answered: 1 });
  });

  it('refuses an answer that breaks its question rule and stays on the question', () => {
    const state = typed(start(), '   ');
    expect(state).toMatchObject({ index: 0, error: ANSWER_MESSAGES.typeAnswer });
    expect(chatFormReducer(state, { type: 'type', text: 'A' }).error).toBeNull();
    expect(typed(start(), 'Ada\nLovelace').error).toBe(ANSWER_MESSAGES.oneLine);
  });

  it('ticks and unticks options of a several-choices question, sending them in the question order', () => {
    const atBreads = typed(typed(start(), 'Ada'), 'Bread');
    expect(run(atBreads, { type: 'send' }).error).toBe(ANSWER_MESSAGES.chooseSome);
    const picked = run(
      atBreads,
      { type: 'toggle', option: 'Spelt' },
      { type: 'toggle', option: 'Rye' },
      { type: 'toggle', option: 'Spelt' },
    );
    expect(picked.picked).toEqual(['Rye']);
    expect(run(picked, { type: 'toggle', option: 'Spelt' }, { type: 'send' }).answers[2]).toEqual(['Rye', 'Spelt']);
  });

  it('skips an optional question only', () => {
    expect(run(start(), { type: 'skip' })).toMatchObject({ index: 0 });
    const done = allAnswered();
    expect(done).toMatchObject({ phase: 'awaiting-submit', index: 4 });
    expect(answersByField(done)).toEqual({ name: 'Ada', order: 'Bread', breads: ['Rye'], note: null });
  });

  it('takes a one-choice or yes/no answer as soon as it is picked', () => {
    const choice = initialChatFormState(
      [q({ type: 'choice', options: ['Small', 'Large'] }), q({ type: 'yes-no', field: 'y' })],
      'key-aaaaaaaaaaaaaaaa',
    );
    const next = run(choice, { type: 'choose', value: 'Large' }, { type: 'choose', value: false });
    expect(next.answers).toEqual(['Large', false]);
    expect(next.phase).toBe('awaiting-submit');
    expect(run(choice, { type: 'choose', value: 'Medium' }).error).toBe(ANSWER_MESSAGES.notAnOption);
  });

  it('changes an earlier answer, then carries on where the visitor was', () => {
    const atBreads = typed(typed(start(), 'Ada'), 'Bread');
    const editing = run(atBreads, { type: 'edit', question: 0 });
    expect(editing).toMatchObject({ editing: 0, text: 'Ada', phase: 'answering' });
    expect(currentQuestion(editing)).toBe(0);
    expect(progress(editing).current).toBe(1);
    expect(announcement(editing)).toBe('Changing your answer to question 1 of 4: Hi! What is your name?');
    const changed = typed(editing, 'Ada Lovelace');
    expect(changed).toMatchObject({ editing: null, index: 2 });
    expect(changed.answers.slice(0, 2)).toEqual(['Ada Lovelace', 'Bread']);
  });

  it('changes an answer after the last question and comes back to Submit', () => {
    const done = allAnswered();
    const editing = run(done, { type: 'edit', question: 2 });
    expect(editing.picked).toEqual(['Rye']);
    expect(run(editing, { type: 'submit' })).toBe(editing);
    const changed = run(editing, { type: 'toggle', option: 'Spelt' }, { type: 'send' });
    expect(changed).toMatchObject({ phase: 'awaiting-submit', editing: null });
    expect(answersByField(changed).breads).toEqual(['Rye', 'Spelt']);
    expect(run(done, { type: 'edit', question: 0 }, { type: 'cancel-edit' })).toMatchObject({
      editing: null,
      text: '',
      phase: 'awaiting-submit',
    });
  });

  it('cannot change an answer not given yet', () => {
    const state = start();
    expect(run(state, { type: 'edit', question: 2 })).toBe(state);
  });

  it('awaits submit after the last question', () => {
    const state = allAnswered();
    expect(state).toMatchObject({ phase: 'awaiting-submit', submitting: false });
    expect(progress(state)).toEqual({ current: 4, total: 4, answered: 4 });
    expect(announcement(state)).toMatch(/All questions answered/);
    expect(chatFormReducer(state, { type: 'type', text: 'more' })).toBe(state);
  });

  it('submits once: a second submit while one is in flight changes nothing, nor does changing an answer', () => {
    const submitting = chatFormReducer(allAnswered(), { type: 'submit' });
    expect(submitting.submitting).toBe(true);
    expect(chatFormReducer(submitting, { type: 'submit' })).toBe(submitting);
    expect(chatFormReducer(submitting, { type: 'edit', question: 0 })).toBe(submitting);
    const done = chatFormReducer(submitting, { type: 'submit-succeeded' });
    expect(done).toMatchObject({ phase: 'submitted', submitting: false });
    expect(announcement(done)).toBe('Response submitted.');
    expect(chatFormReducer(done, { type: 'edit', question: 0 })).toBe(done);
  });

  it('cannot submit before every question is answered', () => {
    const state = typed(start(), 'Ada');
    expect(chatFormReducer(state, { type: 'submit' })).toBe(state);
  });

  it('keeps the answers and the key after a failed submit, so a retry stores one response', () => {
    const ready = allAnswered();
    const failed = run(ready, { type: 'submit' }, { type: 'submit-failed', message: 'Offline.' });
    expect(failed).toMatchObject({ phase: 'awaiting-submit', submitting: false, error: 'Offline.' });
    expect(failed.answers).toEqual(ready.answers);
    expect(failed.submissionKey).toBe(ready.submissionKey);
  });

  it('resets to the start, clearing the answers, with a new submission key', () => {
    const reset = chatFormReducer(allAnswered(), { type: 'reset', submissionKey: 'key-bbbbbbbbbbbbbbbb' });
    expect(reset).toMatchObject({ phase: 'answering', index: 0, text: '', submissionKey: 'key-bbbbbbbbbbbbbbbb' });
    expect(reset.answers.every((a) => a === undefined)).toBe(true);
  });

  it('does not reset while a submit is in flight', () => {
    const submitting = chatFormReducer(allAnswered(), { type: 'submit' });
    expect(chatFormReducer(submitting, { type: 'reset', submissionKey: 'key-cccccccccccccccc' })).toBe(submitting);
  });
});
