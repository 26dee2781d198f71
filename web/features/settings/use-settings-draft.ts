import { type FormEvent, useEffect, useState } from 'react';
import { useApiGet } from '../../lib/use-api';
import { useApiAction } from '../../lib/use-api-action';

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
  const [saved, setSaved] = useState('');

  useEffect(() => {
    if (stored.data) setDraft(stored.data);
  }, [stored.data]);

  const change = (changes: Partial<T>) => {
    setDraft((d) => (d ? { ...d, ...changes } : d));
    setSaved('');
  };

  const store = useApiAction(async (values: T) => {
    setSaved('');
    setDraft(await options.store(values));
    setSaved(options.savedMessage);
  });

  function save(event: FormEvent) {
    event.preventDefault();
    if (draft) void store.run(draft);
  }

  return { stored, draft, change, save, busy: store.busy, saved, error: store.error };
}
