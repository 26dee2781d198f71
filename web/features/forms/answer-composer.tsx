import { type Dispatch, type FormEvent, type KeyboardEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import type { ChatQuestion } from '../../../core/chat-form-questions';
import { CHAT_FORM_TEXT } from '../../../core/chat-form-visitor';
import type { ChatFormAction, ChatFormState } from './chat-form-machine';

const INPUT_ID = 'chat-answer';
const HINT_ID = 'chat-answer-hint';
const ERROR_ID = 'chat-answer-error';

/**
 * A touch screen's keyboard has no Shift+Enter: there the Return key of a long answer makes a new
 * line and Send sends. A hardware keyboard keeps Enter to send (the spec's Enter to advance).
 */
const touchOnly = () => window.matchMedia('(pointer: coarse)').matches && !window.matchMedia('(any-pointer: fine)').matches;

/** What each kind says under the box; the rules themselves come from core/chat-form-answers.ts. */
function hintOf(q: ChatQuestion, touch: boolean): string {
  switch (q.type) {
    case 'long-text':
      return touch ? 'Return makes a new line; tap Send when you are done.' : 'Press Enter to send, Shift+Enter for a new line.';
    case 'number':
      if (q.min !== null && q.max !== null) return `A number from ${q.min} to ${q.max}. Press Enter to send.`;
      if (q.min !== null) return `A number of at least ${q.min}. Press Enter to send.`;
      if (q.max !== null) return `A number of at most ${q.max}. Press Enter to send.`;
      return 'A number. Press Enter to send.';
    case 'choice':
      return 'Pick one.';
    case 'choices':
      return 'Pick one or more, then Send.';
    case 'yes-no':
      return 'Pick Yes or No.';
    case 'date':
      return 'Pick a date, then press Enter to send.';
    default:
      return 'Press Enter to send.';
  }
}

/**
 * The keyboard a phone shows for each kind (issue 19). A number whose minimum is below zero gets
 * the full keyboard: the decimal pad of some phones has no minus sign.
 */
function inputProps(q: ChatQuestion) {
  switch (q.type) {
    case 'email':
      return { type: 'email', inputMode: 'email', autoComplete: 'email', autoCapitalize: 'none', spellCheck: false } as const;
    case 'phone':
      return { type: 'tel', inputMode: 'tel', autoComplete: 'tel' } as const;
    case 'number':
      return { type: 'text', inputMode: q.min !== null && q.min < 0 ? 'text' : 'decimal', autoComplete: 'off' } as const;
    case 'date':
      return { type: 'date' } as const;
    default:
      return { type: 'text', autoComplete: 'off' } as const;
  }
}

export function AnswerComposer({
  state,
  question,
  index,
  dispatch,
}: {
  state: ChatFormState;
  question: ChatQuestion;
  index: number;
  dispatch: Dispatch<ChatFormAction>;
}) {
  const area = useRef<HTMLFormElement>(null);
  const [touch] = useState(touchOnly);
  const describedBy = `chat-question-${index} ${HINT_ID}${state.error ? ` ${ERROR_ID}` : ''}`;
  const invalid = state.error ? true : undefined;

  // Each question (and each change of an answer) starts with the focus in its first control.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new question or a new edit is the trigger.
  useEffect(() => {
    area.current?.querySelector<HTMLElement>('[data-first]')?.focus();
  }, [index, state.editing]);

  function send(event: FormEvent) {
    event.preventDefault();
    dispatch({ type: 'send' });
  }

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    // Enter sends; Shift+Enter is a new line; Enter while an input method composes a word is not ours.
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      dispatch({ type: 'send' });
    }
  }

  let control: ReactNode;
  let sendButton = true;
  if (question.type === 'choice' || question.type === 'yes-no') {
    sendButton = false;
    const options: { label: string; value: string | boolean }[] =
      question.type === 'yes-no'
        ? [
            { label: 'Yes', value: true },
            { label: 'No', value: false },
          ]
        : question.options.map((o) => ({ label: o, value: o }));
    control = (
      <fieldset className="chat-options" aria-labelledby={`chat-question-${index}`} aria-describedby={describedBy}>
        {options.map((o, i) => (
          <button
            key={o.label}
            type="button"
            className="button chat-option"
            data-first={i === 0 || undefined}
            onClick={() => dispatch({ type: 'choose', value: o.value })}
          >
            {o.label}
          </button>
        ))}
      </fieldset>
    );
  } else if (question.type === 'choices') {
    control = (
      <fieldset className="chat-options chat-checks" aria-describedby={describedBy} onKeyDown={onKeyDown}>
        <legend className="visually-hidden">Your answer</legend>
        {question.options.map((o, i) => (
          <label key={o} className="checkbox chat-check">
            <input
              type="checkbox"
              data-first={i === 0 || undefined}
              checked={state.picked.includes(o)}
              onChange={() => dispatch({ type: 'toggle', option: o })}
            />
            {o}
          </label>
        ))}
      </fieldset>
    );
  } else if (question.type === 'long-text') {
    control = (
      <textarea
        id={INPUT_ID}
        data-first
        rows={3}
        value={state.text}
        onChange={(e) => dispatch({ type: 'type', text: e.target.value })}
        onKeyDown={touch ? undefined : onKeyDown}
        enterKeyHint={touch ? 'enter' : 'send'}
        aria-describedby={describedBy}
        aria-invalid={invalid}
      />
    );
  } else {
    control = (
      <input
        id={INPUT_ID}
        data-first
        {...inputProps(question)}
        enterKeyHint="send"
        value={state.text}
        onChange={(e) => dispatch({ type: 'type', text: e.target.value })}
        aria-describedby={describedBy}
        aria-invalid={invalid}
      />
    );
  }

  return (
    <form ref={area} className="chat-composer" onSubmit={send} noValidate>
      {state.editing !== null && (
        <p className="chat-editing">
          Changing your answer to question {state.editing + 1}.{' '}
          <button type="button" className="link-button" onClick={() => dispatch({ type: 'cancel-edit' })}>
            Keep my answer
          </button>
        </p>
      )}
      {question.type !== 'choice' && question.type !== 'yes-no' && question.type !== 'choices' && (
        <label htmlFor={INPUT_ID} className="visually-hidden">
          Your answer
        </label>
      )}
      <div className="chat-composer-row">
        {control}
        {sendButton && (
          <button type="submit" className="button button-primary">
            {CHAT_FORM_TEXT.send}
          </button>
        )}
      </div>
      <div className="chat-composer-foot">
        <p id={HINT_ID} className="field-hint">
          {hintOf(question, touch)}
        </p>
        {!question.required && (
          <button type="button" className="link-button" onClick={() => dispatch({ type: 'skip' })}>
            {CHAT_FORM_TEXT.skip}
          </button>
        )}
      </div>
      {state.error && (
        <p id={ERROR_ID} className="field-error" role="alert">
          {state.error}
        </p>
      )}
    </form>
  );
}
