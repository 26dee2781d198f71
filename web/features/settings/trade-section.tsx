import type { TradeSettings } from '../../../core/trade';
import { ErrorAlert } from '../../ui/alert';
import { AudienceFields } from '../../ui/audience-fields';
import { SubmitRow, TextField } from '../../ui/form-field';
import { settingsApi } from './api';
import { useSettingsDraft } from './use-settings-draft';

/**
 * Trade (issue 32): whether the businesses the person follows see their name and business on their
 * Followers page, the business name they go by, and, for a handle's holder, who sees a new list.
 */
export function TradeSection({ holdsHandle }: { holdsHandle: boolean }) {
  const { stored, draft, change, save, busy, saved, error } = useSettingsDraft<TradeSettings>({
    load: () => settingsApi.tradeSettings(),
    store: (d) => settingsApi.saveTradeSettings({ ...d, businessName: d.businessName ?? '' }),
    savedMessage: 'Trade settings saved.',
  });

  return (
    <section className="card settings-section" aria-labelledby="trade-heading">
      <h2 id="trade-heading">Trade</h2>
      <ErrorAlert message={stored.error?.message} />
      {!draft && stored.loading && <p className="muted">Loading your trade settings...</p>}
      {draft && (
        <form onSubmit={save} noValidate>
          <TextField
            id="settings-business-name"
            label="Business name"
            value={draft.businessName ?? ''}
            onChange={(e) => change({ businessName: e.target.value })}
            autoComplete="organization"
            hint="The business you buy for, as suppliers know it."
          />
          <label className="checkbox">
            <input
              type="checkbox"
              checked={draft.shownToFollowed}
              onChange={(event) => change({ shownToFollowed: event.target.checked })}
            />
            Let businesses I follow see my name and business
          </label>
          <p className="field-hint">Otherwise you are only counted on their Followers page, never named.</p>
          {holdsHandle && (
            <AudienceFields
              legend="Who sees a new list you share"
              value={draft.defaultAudience}
              onChange={(defaultAudience) => change({ defaultAudience })}
            />
          )}
          <SubmitRow alert={error} busy={busy} label="Save trade settings" busyLabel="Saving..." />
          <p className="settings-status" role="status" aria-live="polite">
            {saved}
          </p>
        </form>
      )}
    </section>
  );
}
