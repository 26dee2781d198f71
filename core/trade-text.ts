import { TRADE_LABELS } from './trade-labels';

/**
 * Trade-only lists (issue 32, docs/decisions/0180): a list is public or trade only; a trade-only
 * list shows its existence to everyone and its contents only to followers its owner approved.
 */
export const AUDIENCES = ['public', 'trade'] as const;
export type Audience = (typeof AUDIENCES)[number];

export const BUSINESS_NAME_MAX_LENGTH = 80;
export const REQUEST_NOTE_MAX_LENGTH = 500;

export const TRADE_MESSAGES = {
  ...TRADE_LABELS,
  audienceLabel: { public: 'Public', trade: 'Trade only' } as Record<Audience, string>,
  audienceHint: {
    public: 'Anyone can see the list and open its file.',
    trade: 'Everyone sees the name; only followers you approve see its file and details.',
  } as Record<Audience, string>,
  businessNameRequired: 'Please enter your business name.',
  businessNameTooLong: `Business name must be ${BUSINESS_NAME_MAX_LENGTH} characters or less.`,
  noteTooLong: `Note must be ${REQUEST_NOTE_MAX_LENGTH} characters or less.`,
  reasonTooLong: `Reason must be ${REQUEST_NOTE_MAX_LENGTH} characters or less.`,
  noSuchHandle: 'This handle does not exist.',
  notOwnHandle: 'Your own lists are always open to you.',
  noTradeLists: 'This business has no trade-only lists.',
  requestNotFound: 'No such request.',
  requested: 'Access requested. You will get an email when the business answers.',
  pending: 'Your request is waiting for the business to answer.',
  approved: 'You have trade access.',
  declined: 'Your request was declined.',
  locked: 'Trade only: ask for access',
  needsHandle: 'Only a handle holder has lists to share.',
} as const;
