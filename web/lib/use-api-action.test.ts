import { describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from './api-client';

/**
 * The project has no DOM for tests, so the hook runs on a stand-in for React's useState and useRef:
 * each render reads the slots in call order, and a state change renders again, as React would.
 */
const harness = vi.hoisted(() => {
  const slots: unknown[] = [];
  let index = 0;
  let render: () => void = () => {};
  return {
    mount<R>(hook: () => R): { current: R } {
      slots.length = 0;
      const view = {} as { current: R };
      render = () => {
        index = 0;
        view.current = hook();
      };
      render();
      return view;
    },
    useState<S>(initial?: S) {
      const at = index++;
      if (!(at in slots)) slots[at] = initial;
      const set = (next: S) => {
        slots[at] = next;
        render();
      };
      return [slots[at] as S, set] as const;
    },
    useRef<S>(initial: S) {
      const at = index++;
      if (!(at in slots)) slots[at] = { current: initial };
      return slots[at] as { current: S };
    },
  };
});
vi.mock('react', () => ({ useState: harness.useState, useRef: harness.useRef }));

const { useApiAction } = await import('./use-api-action');

/** A call that waits until the test settles it. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (err: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('useApiAction', () => {
  it('is busy while the call runs, then gives its result', async () => {
    const answer = deferred<{ following: boolean }>();
    const call = vi.fn((_handle: string) => answer.promise);
    const view = harness.mount(() => useApiAction(call));
    expect(view.current.busy).toBe(false);

    const running = view.current.run('fresh-farm');
    expect(view.current.busy).toBe(true);
    expect(call).toHaveBeenCalledWith('fresh-farm');
    answer.resolve({ following: true });
    expect(await running).toEqual({ following: true });
    expect(view.current).toMatchObject({ busy: false, error: undefined });
  });

  it('ignores a second press while the first is on its way', async () => {
    const answer = deferred<string>();
    const call = vi.fn(() => answer.promise);
    const view = harness.mount(() => useApiAction(call));
    const first = view.current.run();
    expect(await view.current.run()).toBeUndefined();
    expect(call).toHaveBeenCalledTimes(1);
    answer.resolve('saved');
    expect(await first).toBe('saved');
    await view.current.run();
    expect(call).toHaveBeenCalledTimes(2);
  });

  it('shows the server’s message on a failure, or a generic one, and clears it on the next run', async () => {
    const view = harness.mount(() =>
      useApiAction(async (fail: 'server' | 'bug' | 'no') => {
        if (fail === 'server') throw new ApiRequestError(409, 'That handle is taken.');
        if (fail === 'bug') throw new TypeError('x is undefined');
        return 'ok';
      }),
    );
    expect(await view.current.run('server')).toBeUndefined();
    expect(view.current).toMatchObject({ busy: false, error: 'That handle is taken.' });
    await view.current.run('bug');
    expect(view.current.error).toBe('Something went wrong. Please try again.');
    expect(await view.current.run('no')).toBe('ok');
    expect(view.current.error).toBeUndefined();
  });

  it('lets the caller place a failure elsewhere, with the arguments it was run with', async () => {
    const placed: string[] = [];
    const view = harness.mount(() =>
      useApiAction(
        async (_where: 'row' | 'page') => {
          throw new ApiRequestError(403, 'Only the owner can do that.');
        },
        {
          onError: (err, where) => {
            placed.push(`${where}: ${(err as Error).message}`);
            return undefined;
          },
        },
      ),
    );
    await view.current.run('page');
    expect(placed).toEqual(['page: Only the owner can do that.']);
    expect(view.current.error).toBeUndefined();
  });

  it('takes a message of the caller’s own', () => {
    const view = harness.mount(() => useApiAction(async () => undefined));
    view.current.setError('Choose a PNG, JPEG or WebP image.');
    expect(view.current.error).toBe('Choose a PNG, JPEG or WebP image.');
  });

  it('stays busy after a success when asked, and is free again after a failure', async () => {
    let fail = true;
    const call = vi.fn(async () => {
      if (fail) throw new ApiRequestError(500, 'The queue is down.');
      return 'queued';
    });
    const view = harness.mount(() => useApiAction(call, { staysBusy: true }));
    await view.current.run();
    expect(view.current).toMatchObject({ busy: false, error: 'The queue is down.' });
    fail = false;
    expect(await view.current.run()).toBe('queued');
    expect(view.current.busy).toBe(true);
    expect(await view.current.run()).toBeUndefined();
    expect(call).toHaveBeenCalledTimes(2);
  });
});
