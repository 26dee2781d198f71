/**
 * What Freshlist read in a list's file, as people are told it (docs/decisions/0160). No zod:
 * the cards of a first visit load it.
 */

export const FILE_FORMATS = ['csv', 'xlsx', 'xls', 'ods', 'pdf', 'text'] as const;
export type FileFormat = (typeof FILE_FORMATS)[number];

export const UNREADABLE_REASONS = ['corrupted', 'password', 'no-text', 'too-big', 'too-slow', 'unknown-format', 'empty'] as const;
export type UnreadableReason = (typeof UNREADABLE_REASONS)[number];

export const CONTENTS_TEXT = {
  unreadable: "Freshlist can't read this file",
  reasons: {
    corrupted: 'The file looks damaged.',
    password: 'The file is protected by a password.',
    'no-text': 'The PDF has no text to read (a scan or a picture).',
    'too-big': 'The file is too big to read.',
    'too-slow': 'Reading the file took too long.',
    'unknown-format': 'Freshlist reads CSV, Excel (XLSX), OpenDocument (ODS), PDF and plain text files.',
    empty: 'The file has nothing in it to read.',
  } satisfies Record<UnreadableReason, string>,
  noChanges: 'No changes',
  firstRead: 'First version read',
  versionGone: 'That version was removed.',
  listNotFound: 'List not found.',
  notYourList: 'Only the list’s owner can remove its versions.',
} as const;
