import type { ChatFormInput, SubmissionInput } from '../../../core/chat-form';
import type {
  ChatFormList,
  ChatFormResponses,
  ManagedChatForm,
  PublicChatForm,
  SubmissionResult,
} from '../../../core/chat-form-api';
import { api, segment, withQuery } from '../../lib/api-client';

/** The chat forms' API (spec 2, /form/{formId} and /chat-form-creator). */
const ownTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

export const formsApi = {
  /** The signed-in person's forms; `all` (admins) lists everyone's. */
  list: (scope: 'mine' | 'all') => api.get<ChatFormList>(withQuery('/api/forms', { scope: scope === 'all' ? 'all' : null })),
  publicForm: (formId: string) => api.get<{ form: PublicChatForm }>(`/api/forms/${segment(formId)}`),
  submit: (formId: string, body: SubmissionInput) =>
    api.post<{ submission: SubmissionResult }>(`/api/forms/${segment(formId)}/submissions`, body),
  managed: (formId: string) => api.get<{ form: ManagedChatForm }>(`/api/forms/${segment(formId)}/manage`),
  create: (input: ChatFormInput) => api.post<{ form: ManagedChatForm }>('/api/forms', input),
  update: (formId: string, input: ChatFormInput) => api.put<{ form: ManagedChatForm }>(`/api/forms/${segment(formId)}`, input),
  remove: (formId: string) => api.delete<void>(`/api/forms/${segment(formId)}`),
  responses: (formId: string) => api.get<ChatFormResponses>(`/api/forms/${segment(formId)}/responses`),
  /** Download links, not fetches: the browser saves the file. */
  /** The downloads write `Submitted at` on the owner's own clock: their browser's time zone goes along. */
  responsesCsvUrl: (formId: string) => `/api/forms/${segment(formId)}/responses.csv?tz=${encodeURIComponent(ownTimeZone())}`,
  responsesXlsxUrl: (formId: string) => `/api/forms/${segment(formId)}/responses.xlsx?tz=${encodeURIComponent(ownTimeZone())}`,
};
