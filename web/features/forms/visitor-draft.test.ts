import { describe, expect, it } from 'vitest';
import type { ChatQuestion } from '../../../core/chat-form-questions';
import { chatFormReducer, initialChatFormState } from './chat-form-machine';
import { draftOf, restoredState } from './visitor-draft';

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
const questions = [
  q({ field: 'name' }),
  q({ field: 'people', type: 'number', min: 1, max: 8 }),
  q({ field: 'note', required: false }),
  q({ field: 'email', type: 'email' }),
];
const KEY = 'key-aaaaaaaaaaaaaaaa';

function answered(...texts: (string | null)[]) {
  let state = initialChatFormState(questions, KEY);
  for (const text of texts) {
    state =
      text === null
        ? chatFormReducer(state, { type: 'skip' })
        : chatFormReducer(chatFormReducer(state, { type: 'type', text }), { type: 'send' });
  }
  return state;
}

describe("the visitor's draft on the device", () => {
  it('keeps the answers, what is being typed, and the submission key', () => {
    const state = chatFormReducer(answered('Ada', '3', null), { type: 'type', text: 'ada@exa' });
    const draft = draftOf(state);
    expect(draft).toEqual({ v: 1, answers: { name: 'Ada', people: 3, note: null }, text: 'ada@exa', key: KEY });
    const back = restoredState(questions, JSON.parse(JSON.stringify(draft)));
    expect(back).toMatchObject({ index: 3, text: 'ada@exa', submissionKey: KEY, phase: 'answering' });
    expect(back?.answers).toEqual(['Ada', 3, null, undefined]);
  });

  it('keeps nothing before the first answer, nor after submit', () => {
    expect(draftOf(initialChatFormState(questions, KEY))).toBeNull();
    const done = chatFormReducer(chatFormReducer(answered('Ada', '3', null, 'a@b.co'), { type: 'submit' }), {
      type: 'submit-succeeded',
    });
    expect(draftOf(done)).toBeNull();
  });

  it('asks again from the first answer that no longer fits the form as the owner changed it', () => {
    const draft = draftOf(answered('Ada', '7', 'hi'));
    const edited = questions.map((x) => (x.field === 'people' ? { ...x, max: 4 } : x));
    const back = restoredState(edited, draft);
    expect(back?.answers).toEqual(['Ada', undefined, undefined, undefined]);
    expect(back?.index).toBe(1);
  });

  it('ignores what is not a draft of ours', () => {
    expect(restoredState(questions, null)).toBeNull();
    expect(restoredState(questions, { v: 1, answers: { name: 'A' }, text: '', key: 'short' })).toBeNull();
    expect(restoredState(questions, 'garbage')).toBeNull();
    expect(restoredState(questions, { v: 1, answers: { other: 'A' }, text: '', key: KEY })).toBeNull();
  });
});
