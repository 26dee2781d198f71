import { describe, expect, it } from 'vitest';
import { answerKeyFromText, normalizeQuestion, uniqueAnswerKey } from './chat-form-questions';

describe('a question saved by an older version', () => {
  it('reads {field, lines} as a required short-text question', () => {
    expect(normalizeQuestion({ field: 'name', lines: ['Hello!', 'Your name?'] })).toEqual({
      field: 'name',
      lines: ['Hello!', 'Your name?'],
      type: 'text',
      required: true,
      options: [],
      min: null,
      max: null,
    });
  });

  it('reads the long flag as a long-text question', () => {
    expect(normalizeQuestion({ field: 'order', lines: ['What?'], long: true }).type).toBe('long-text');
  });
});

describe('the answer key made from a question text', () => {
  it.each([
    ['What is your name?', 'Name'],
    ['Hello!\nWhat is your name?', 'Name'],
    ['  Which   email should we use?  \n\n', 'Email'],
    ['How many loaves would you like each week?', 'Loaves each week'],
    ['When should we deliver, and to which door?', 'Deliver'],
    ['Phone:', 'Phone'],
    ['Wie heißt du？', 'Wie heißt du'],
    ['What would you like?', 'What would you like'],
    ['', ''],
  ])('%j gives %j', (text, key) => {
    expect(answerKeyFromText(text)).toBe(key);
  });

  it('is at most 60 characters', () => {
    expect([...answerKeyFromText('é'.repeat(80))]).toHaveLength(60);
  });

  it('gets a number when another question has it already, whatever the case', () => {
    expect(uniqueAnswerKey('Name', ['email'])).toBe('Name');
    expect(uniqueAnswerKey('Name', ['name'])).toBe('Name 2');
    expect(uniqueAnswerKey('Name', ['name', 'Name 2'])).toBe('Name 3');
    expect([...uniqueAnswerKey('x'.repeat(60), ['x'.repeat(60)])]).toHaveLength(60);
  });
});
