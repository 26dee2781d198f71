import { useCallback, useRef, useState } from 'react';
import type { LinkCheckResult } from '../../core/link-check';
import { api } from './api-client';

/** How long sharing waits for a check still running: never more than a few seconds (the server gives up at 4). */
export const SHARE_WAITS_MS = 5000;

export type LinkCheckState = { link: string; result: LinkCheckResult | null } | null;

/**
 * The link check of the upload and edit forms (docs/decisions/0151): `check(link)` asks the server
 * once per link (a repeat gets the same answer), `state` is the latest link's. A failed call is no
 * answer: the post is saved and checked in the background.
 */
export function useLinkCheck() {
  const asked = useRef(new Map<string, Promise<LinkCheckResult | null>>());
  const latest = useRef('');
  const [state, setState] = useState<LinkCheckState>(null);

  const check = useCallback((link: string): Promise<LinkCheckResult | null> => {
    latest.current = link;
    let answer = asked.current.get(link);
    if (!answer) {
      answer = api.post<LinkCheckResult>('/api/link-check', { url: link }).catch(() => null);
      asked.current.set(link, answer);
    }
    setState((s) => (s?.link === link ? s : { link, result: null }));
    void answer.then((result) => {
      if (latest.current === link) setState({ link, result });
    });
    return answer;
  }, []);

  /** The check of `link`, or null once SHARE_WAITS_MS have passed without one. */
  const settle = useCallback(
    (link: string) =>
      Promise.race([check(link), new Promise<null>((resolve) => setTimeout(() => resolve(null), SHARE_WAITS_MS))]),
    [check],
  );

  const forget = useCallback(() => {
    latest.current = '';
    setState(null);
  }, []);

  return { state, check, settle, forget };
}
