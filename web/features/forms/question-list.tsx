import { type Dispatch, type SetStateAction, useEffect, useRef, useState } from 'react';
import { type ChatFormProblem, FORM_QUESTIONS_MAX } from '../../../core/chat-form';
import { answerKeys, emptyQuestion, type FormDraft, moveQuestionTo, type QuestionDraft } from './form-draft';
import { FieldError, QuestionCard, type QuestionErrors } from './question-card';
import { useDragReorder } from './use-drag-reorder';

function errorsOf(problem: ChatFormProblem | null, index: number): QuestionErrors {
  const at = (part: ChatFormProblem['part']) => (problem?.part === part && problem.question === index ? problem.message : null);
  return { field: at('field'), lines: at('lines'), options: at('options'), limits: at('limits') };
}

/**
 * The questions of the editor: add, change, reorder (buttons or drag) and remove with Undo
 * (issue 19). Focus follows what was done, and a status line tells screen readers.
 */
export function QuestionList({
  draft,
  setDraft,
  problem,
  saved,
}: {
  draft: FormDraft;
  setDraft: Dispatch<SetStateAction<FormDraft>>;
  problem: ChatFormProblem | null;
  saved: boolean;
}) {
  const list = useRef<HTMLOListElement>(null);
  const [status, setStatus] = useState('');
  const [removed, setRemoved] = useState<{ question: QuestionDraft; index: number } | null>(null);
  /** Where focus goes after a question is added, removed or moved (a control id). */
  const [focusTarget, setFocusTarget] = useState<string | null>(null);
  const count = draft.questions.length;
  const keys = answerKeys(draft.questions);

  useEffect(() => {
    if (!focusTarget) return;
    document.getElementById(focusTarget)?.focus();
    setFocusTarget(null);
  }, [focusTarget]);

  const setQuestions = (change: (questions: QuestionDraft[]) => QuestionDraft[]) =>
    setDraft((d) => ({ ...d, questions: change(d.questions) }));

  function moveTo(from: number, to: number, focus: (q: QuestionDraft) => string) {
    const question = draft.questions[from];
    if (!question || from === to) return;
    setQuestions((qs) => moveQuestionTo(qs, from, to));
    setFocusTarget(focus(question));
    setStatus(`Question moved to position ${to + 1} of ${count}.`);
  }

  const { drag, handleProps } = useDragReorder(list, (from, to) => moveTo(from, to, (q) => `lines-${q.key}`));

  function move(index: number, by: -1 | 1) {
    const to = index + by;
    // Focus follows the moved question; at the top or bottom the other arrow is the one still enabled.
    const atEnd = to === 0 || to === count - 1;
    const direction = by < 0 ? 'up' : 'down';
    const other = by < 0 ? 'down' : 'up';
    moveTo(index, to, (q) => `move-${atEnd ? other : direction}-${q.key}`);
  }

  function add() {
    const question = emptyQuestion();
    setQuestions((qs) => [...qs, question]);
    setRemoved(null);
    setFocusTarget(`lines-${question.key}`);
    setStatus(`Question ${count + 1} added.`);
  }

  function remove(index: number) {
    const question = draft.questions[index];
    if (!question) return;
    const remaining = draft.questions.filter((_, i) => i !== index);
    setQuestions(() => remaining);
    setRemoved({ question, index });
    setFocusTarget('undo-remove');
    setStatus('');
  }

  function undo() {
    if (!removed) return;
    const { question, index } = removed;
    setQuestions((qs) => [...qs.slice(0, index), question, ...qs.slice(index)]);
    setRemoved(null);
    setFocusTarget(`lines-${question.key}`);
    setStatus(`Question ${index + 1} is back.`);
  }

  const questionsError = problem?.part === 'questions' ? problem.message : null;
  return (
    <>
      <h2 id="questions-heading">Questions</h2>
      <p className="field-hint">
        Visitors see one question at a time, in this order. Drag a question by its handle, or use Up and Down.
      </p>
      <p className="visually-hidden" aria-live="polite">
        {status}
      </p>
      {removed && (
        <div className="undo-bar" role="status">
          <span>Question {removed.index + 1} removed.</span>
          <button id="undo-remove" type="button" className="button button-small" onClick={undo}>
            Undo
          </button>
        </div>
      )}
      <ol ref={list} className="question-list" aria-labelledby="questions-heading">
        {draft.questions.map((q, i) => (
          <QuestionCard
            key={q.key}
            question={q}
            answerKey={keys[i] ?? ''}
            index={i}
            count={count}
            errors={errorsOf(problem, i)}
            saved={saved}
            drag={!drag ? null : drag.from === i ? 'dragging' : drag.to === i ? (drag.to < drag.from ? 'before' : 'after') : null}
            handle={handleProps(i)}
            onChange={(change) => setQuestions((qs) => qs.map((x) => (x.key === q.key ? { ...x, ...change } : x)))}
            onMove={(by) => move(i, by)}
            onRemove={() => remove(i)}
          />
        ))}
      </ol>
      <button
        id="add-question"
        type="button"
        className="button"
        onClick={add}
        disabled={count >= FORM_QUESTIONS_MAX}
        aria-describedby={questionsError ? 'questions-error' : undefined}
      >
        + Add question
      </button>
      <FieldError id="questions-error" message={questionsError} />
    </>
  );
}
