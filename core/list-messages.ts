import { LIST_LABELS, LIST_NAME_MAX_LENGTH } from './list-text';

/**
 * What the API answers about lists, and the cards' words with them: apart from list-text.ts, so a
 * profile's first visit does not carry the server's answers (docs/decisions/0193).
 */
export const LIST_MESSAGES = {
  ...LIST_LABELS,
  nameTooLong: `List name must be ${LIST_NAME_MAX_LENGTH} characters or less.`,
  nameRequired: 'A list needs a name.',
  listNotFound: 'List not found.',
  notYourList: 'You can only add versions to your own lists.',
  postNotFound: 'Post not found.',
  notYourPost: 'You can only change your own posts.',
  handleGone: 'Your handle was removed, so your lists can no longer be changed.',
  gone: 'This list is no longer available.',
  dateInvalid: (label: string) => `${label} must be a date (YYYY-MM-DD).`,
  dateOrder: 'Valid until must be on or after valid from.',
  removed: 'This list was removed.',
  businessGone: 'This business is no longer on Freshlist',
  listGone: 'This list is no longer on Freshlist',
} as const;
