import { isChoiceType, QUESTION_TYPE_LABELS } from '../../../core/chat-form-questions';
import { thankYouLines } from '../../../core/chat-form-visitor';
import type { FormDraft } from './form-draft';

const linesOf = (text: string) =>
  text
    .split(/\r\n?|\n/)
    .map((l) => l.trim())
    .filter((l) => l.length > 0);

/** The conversation a visitor will have, drawn from the unsaved draft as the owner types (issue 19). */
export function FormPreview({ draft }: { draft: FormDraft }) {
  return (
    <section className="form-preview" aria-label="Preview of the conversation">
      <p className="form-preview-title">{draft.title.trim() || 'Untitled form'}</p>
      {draft.description.trim() && <p className="form-preview-description">{draft.description.trim()}</p>}
      <ol className="chat-log">
        {draft.questions.map((q, i) => {
          const lines = linesOf(q.text);
          const options = isChoiceType(q.type) ? linesOf(q.optionsText) : q.type === 'yes-no' ? ['Yes', 'No'] : [];
          return (
            <li key={q.key} className="chat-turn">
              <div className="chat-question">
                {(lines.length > 0 ? lines : [`Question ${i + 1}`]).map((line, l) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: lines being typed; two may be equal.
                  <p key={l} className={`bubble bubble-system${lines.length === 0 ? ' is-empty' : ''}`}>
                    {line}
                  </p>
                ))}
              </div>
              {options.length > 0 ? (
                <p className="preview-options">
                  {options.map((o, n) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: options being typed; two may be equal.
                    <span key={n} className="preview-option">
                      {o}
                    </span>
                  ))}
                </p>
              ) : (
                <p className="bubble bubble-user preview-answer">{QUESTION_TYPE_LABELS[q.type]}</p>
              )}
              {!q.required && <p className="preview-note">Optional: can be skipped</p>}
            </li>
          );
        })}
        <li className="chat-turn">
          {thankYouLines(draft.thankYouMessage).map((line, l) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: fixed text lines.
            <p key={l} className="bubble bubble-system">
              {line}
            </p>
          ))}
        </li>
      </ol>
    </section>
  );
}
