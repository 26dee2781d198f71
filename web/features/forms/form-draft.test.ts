import { describe, expect, it } from 'vitest';
import { chatFormProblem, normalizeChatForm } from '../../../core/chat-form';
import { draftOf, emptyDraft, inputOf, moveQuestion } from './form-draft';

describe('the form editor draft', () => {
  it('turns each line of a question text into a bubble, and back', () => {
    const draft = emptyDraft();
    draft.title = 'Order';
    draft.questions = [{ key: 'a', field: 'name', text: 'Hi!\r\nYour name?\n', long: false }];
    const input = normalizeChatForm(inputOf(draft));
    expect(input.questions).toEqual([{ field: 'name', lines: ['Hi!', 'Your name?'], long: false }]);
    expect(chatFormProblem(input)).toBeNull();
    const back = draftOf({ ...input, id: 'x', ownerId: null, createdAt: 0, updatedAt: 0, responseCount: 0 });
    expect(back.questions[0]).toMatchObject({ field: 'name', text: 'Hi!\nYour name?', long: false });
  });

  it('starts with one empty question, which the rules refuse until filled in', () => {
    const draft = emptyDraft();
    expect(draft.questions).toHaveLength(1);
    expect(chatFormProblem(normalizeChatForm(inputOf({ ...draft, title: 'T' })))?.part).toBe('field');
  });

  it('moves a question up or down, keeping its key, and ignores moves past either end', () => {
    const qs = ['a', 'b', 'c'].map((key) => ({ key, field: key, text: key, long: false }));
    expect(moveQuestion(qs, 2, -1).map((q) => q.key)).toEqual(['a', 'c', 'b']);
    expect(moveQuestion(qs, 0, 1).map((q) => q.key)).toEqual(['b', 'a', 'c']);
    expect(moveQuestion(qs, 0, -1)).toBe(qs);
    expect(moveQuestion(qs, 2, 1)).toBe(qs);
  });
});
