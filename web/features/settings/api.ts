import type { DeleteAccountBody, DeleteAccountResponse } from '../../../core/account';
import type { EmailPreferences } from '../../../core/email';
import type { QuietHours } from '../../../core/quiet-hours';
import type { TradeSettings } from '../../../core/trade';
import { api } from '../../lib/api-client';

/** The settings page's API: email preferences (#18), quiet hours (#41 §4), the person's data and account (#15 §6). */
export const settingsApi = {
  emailPreferences: () => api.get<EmailPreferences>('/api/settings/email'),
  saveEmailPreferences: (changes: Partial<EmailPreferences>) => api.put<EmailPreferences>('/api/settings/email', changes),
  quietHours: () => api.get<QuietHours>('/api/settings/quiet-hours'),
  saveQuietHours: (quiet: QuietHours) => api.put<QuietHours>('/api/settings/quiet-hours', quiet),
  tradeSettings: () => api.get<TradeSettings>('/api/trade/settings'),
  saveTradeSettings: (changes: Partial<TradeSettings>) => api.put<TradeSettings>('/api/trade/settings', changes),
  deleteAccount: (body: DeleteAccountBody) => api.delete<DeleteAccountResponse>('/api/account', body),
};
