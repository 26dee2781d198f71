import { useEffect, useRef, useState } from 'react';
import { LINK_FIX_TEXTS } from '../../../core/link-check-text';
import { errorMessage } from '../../lib/api-client';
import { checkNowApi } from '../../lib/check-now-api';
import { CHECK_NOW_POLL_MS } from '../../ui/check-now-button';

export interface LinkProblem {
  listId: number;
  listName: string;
  slug: string;
  message: string;
}

type RowState = { kind: 'broken'; message: string } | { kind: 'checking' } | { kind: 'fixed' };

/**
 * One broken link in the banner (#29). Its owner who fixed it checks it again here (issue 43: the
 * banner stayed until the watcher's next round): "Checking the new link…", then "Fixed: people can
 * open it again", or what is still wrong.
 */
export function LinkProblemRow({ handle, problem }: { handle: string; problem: LinkProblem }) {
  const [state, setState] = useState<RowState>({ kind: 'broken', message: problem.message });
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  async function checkAgain() {
    setState({ kind: 'checking' });
    try {
      let press = await checkNowApi.press(problem.listId);
      while (press.state !== 'done' && alive.current) {
        await new Promise((resolve) => setTimeout(resolve, CHECK_NOW_POLL_MS));
        press = await checkNowApi.state(problem.listId, press.id);
      }
      if (!alive.current) return;
      setState(press.kind === 'problem' ? { kind: 'broken', message: press.message ?? problem.message } : { kind: 'fixed' });
    } catch (err) {
      if (alive.current) setState({ kind: 'broken', message: errorMessage(err) });
    }
  }

  return (
    <li className={state.kind === 'fixed' ? 'link-problem is-fixed' : 'link-problem'}>
      {/* The stable address: a server route, so a plain link (docs/decisions/0102). */}
      <a href={`/${handle}/lists/${problem.slug}`}>{problem.listName}</a>:{' '}
      <span role="status">
        {state.kind === 'broken' && state.message}
        {state.kind === 'checking' && LINK_FIX_TEXTS.checking}
        {state.kind === 'fixed' && <strong>{LINK_FIX_TEXTS.fixed}</strong>}
      </span>
      {state.kind === 'broken' && (
        <>
          {' '}
          <button type="button" className="button button-small" onClick={() => void checkAgain()}>
            {LINK_FIX_TEXTS.checkAgain}
            <span className="visually-hidden"> ({problem.listName})</span>
          </button>
        </>
      )}
    </li>
  );
}
