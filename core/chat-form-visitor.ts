/**
 * What the public form page (/form/{formId}) needs of chat forms, kept free of zod so a visitor
 * does not download it (as ADR 0062 does for the profile): its words, the thank-you lines and
 * the submission key's shape.
 */

export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{16,100}$/;

/** Words the visitor sees, letter for letter from the spec where it gives them. */
export const CHAT_FORM_TEXT = {
  loading: 'Loading form...',
  notFoundHeading: 'Form not found',
  notFound: 'Form not found.',
  notFoundHelp: 'This form does not exist or was removed. Check the link you were given.',
  submit: 'Submit my response',
  submitting: 'Submitting...',
  reset: 'Reset',
  defaultThankYou: 'Thank you!',
  copy: 'Copy',
  copied: 'Copied to the clipboard.',
  tryIt: 'Did you like this style of form? Try it!',
  tryChatForm: 'Try Chat Form',
  skip: 'Skip',
  send: 'Send',
  closedHeading: 'This form is closed',
  closedOnDate: (date: string) => `It stopped taking responses on ${date}. Thank you for stopping by.`,
  closedFull: 'It has all the responses it needs. Thank you for stopping by.',
  closedSubmit: 'This form has just closed and no longer takes responses. Thank you for stopping by.',
  draftKept: 'Your answers from your last visit were kept on this device.',
} as const;

/** The thank-you message as lines (spec: lines separated by newlines), or 'Thank you!'. */
export function thankYouLines(message: string): string[] {
  const lines = message
    .split(/\r\n?|\n/)
    .map((line) => line.trim())
    .filter((line) => line.length > 0);
  return lines.length > 0 ? lines : [CHAT_FORM_TEXT.defaultThankYou];
}
