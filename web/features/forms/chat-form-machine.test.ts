import { describe, expect, it } from 'vitest';
import { CHAT_FORM_MESSAGES, type ChatQuestion } from '../../../core/chat-form';
import { announcement, answersByField, type ChatFormState, chatFormReducer, initialChatFormState } from './chat-form-machine';

const questions: ChatQuestion[] = [
  { field: 'name', lines: ['Hi!', 'What is your name?'], long: false },
  { field: 'order', lines: ['What would you like to order?'], long: true },
];

function answer(state: ChatFormState, text: string): ChatFormState {
  return chatFormReducer(chatFormReducer(state, { type: 'type', text }), { type: 'answer' });
}

const start = () => initialChatFormState(questions, 'key-aaaaaaaaaaaaaaaa');

describe('chat form answering', () => {
  it('starts answering the first question', () => {
    const state = start();
    expect(state).toMatchObject({ phase: 'answering', index: 0, answers: [], draft: '' });
    expect(announcement(state)).toBe('Question 1 of 2: Hi! What is your name?');
  });

  it('advances on each answer, trimmed, and clears the input', () => {
    const state = answer(start(), '  Ada  ');
    expect(state).toMatchObject({ phase: 'answering', index: 1, answers: ['Ada'], draft: '', error: null });
    expect(announcement(state)).toBe('Question 2 of 2: What would you like to order?');
  });

  it('refuses an empty answer and stays on the question', () => {
    const state = answer(start(), '   ');
    expect(state).toMatchObject({ phase: 'answering', index: 0, answers: [], error: CHAT_FORM_MESSAGES.answerRequired });
    expect(chatFormReducer(state, { type: 'type', text: 'A' }).error).toBeNull();
  });

  it('keeps new lines only where the question allows long text', () => {
    expect(answer(start(), 'Ada\nLovelace').error).toBe(CHAT_FORM_MESSAGES.answerOneLine);
    const long = answer(answer(start(), 'Ada'), 'Bread\r\nMilk');
    expect(long.answers).toEqual(['Ada', 'Bread\nMilk']);
  });

  it('bounds the answer length', () => {
    expect(answer(start(), 'x'.repeat(501)).error).toBe(CHAT_FORM_MESSAGES.answerTooLong(500));
    expect(answer(start(), 'x'.repeat(500)).error).toBeNull();
  });

  it('awaits submit after the last question, with the answers by field', () => {
    const state = answer(answer(start(), 'Ada'), 'Bread');
    expect(state).toMatchObject({ phase: 'awaiting-submit', index: 2, submitting: false });
    expect(answersByField(state)).toEqual({ name: 'Ada', order: 'Bread' });
    expect(announcement(state)).toMatch(/All questions answered/);
    expect(chatFormReducer(state, { type: 'type', text: 'more' })).toBe(state);
    expect(chatFormReducer(state, { type: 'answer' })).toBe(state);
  });

  it('submits once: a second submit while one is in flight changes nothing', () => {
    const ready = answer(answer(start(), 'Ada'), 'Bread');
    const submitting = chatFormReducer(ready, { type: 'submit' });
    expect(submitting.submitting).toBe(true);
    expect(chatFormReducer(submitting, { type: 'submit' })).toBe(submitting);
    const done = chatFormReducer(submitting, { type: 'submit-succeeded' });
    expect(done).toMatchObject({ phase: 'submitted', submitting: false });
    expect(announcement(done)).toBe('Response submitted.');
  });

  it('cannot submit before every question is answered', () => {
    const state = answer(start(), 'Ada');
    expect(chatFormReducer(state, { type: 'submit' })).toBe(state);
  });

  it('keeps the answers and the key after a failed submit, so a retry stores one response', () => {
    const ready = answer(answer(start(), 'Ada'), 'Bread');
    const failed = chatFormReducer(chatFormReducer(ready, { type: 'submit' }), { type: 'submit-failed', message: 'Offline.' });
    expect(failed).toMatchObject({ phase: 'awaiting-submit', submitting: false, error: 'Offline.', answers: ['Ada', 'Bread'] });
    expect(failed.submissionKey).toBe(ready.submissionKey);
  });

  it('resets to the start, clearing the answers, with a new submission key', () => {
    const ready = answer(answer(start(), 'Ada'), 'Bread');
    const reset = chatFormReducer(ready, { type: 'reset', submissionKey: 'key-bbbbbbbbbbbbbbbb' });
    expect(reset).toMatchObject({ phase: 'answering', index: 0, answers: [], draft: '', submissionKey: 'key-bbbbbbbbbbbbbbbb' });
  });

  it('does not reset while a submit is in flight', () => {
    const submitting = chatFormReducer(answer(answer(start(), 'Ada'), 'Bread'), { type: 'submit' });
    expect(chatFormReducer(submitting, { type: 'reset', submissionKey: 'key-cccccccccccccccc' })).toBe(submitting);
  });
});
