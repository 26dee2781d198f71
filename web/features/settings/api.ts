import type { AccountExport, DeleteAccountBody, DeleteAccountResponse } from '../../../core/account';
import type { EmailPreferences } from '../../../core/email';
import { api } from '../../lib/api-client';

/** The settings page's API: email preferences (#18), the person's data and account (#15 §6). */
export const settingsApi = {
  emailPreferences: () => api.get<EmailPreferences>('/api/settings/email'),
  saveEmailPreferences: (changes: Partial<EmailPreferences>) => api.put<EmailPreferences>('/api/settings/email', changes),
  exportData: () => api.get<AccountExport>('/api/account/export'),
  deleteAccount: (body: DeleteAccountBody) => api.delete<DeleteAccountResponse>('/api/account', body),
};
