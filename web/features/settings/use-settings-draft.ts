import { type FormEvent, useEffect, useState } from 'react';
import { errorMessage } from '../../lib/api-client';
import { useApiGet } from '../../lib/use-api';

/**
 * One settings section's stored values, the person's draft of them, and saving: the draft follows
 * what the server answers, so the form shows what was stored, not what was typed.
 */
export function useSettingsDraft<T extends object>(options: {
  load: () => Promise<T>;
  store: (draft: T) => Promise<T>;
  savedMessage: string;
}) {
  const stored = useApiGet(options.load, []);
  const [draft, setDraft] = useState<T>();
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState('');
  const [error, setError] = useState<string>();

  useEffect(() => {
    if (stored.data) setDraft(stored.data);
  }, [stored.data]);

  const change = (changes: Partial<T>) => {
    setDraft((d) => (d ? { ...d, ...changes } : d));
    setSaved('');
  };

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!draft) return;
    setBusy(true);
    setError(undefined);
    setSaved('');
    try {
      setDraft(await options.store(draft));
      setSaved(options.savedMessage);
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  return { stored, draft, change, save, busy, saved, error };
}
