import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/plugins/db';
import { joinLane } from '../fixtures/lanes';
import { recordFigures } from './figures';
import { HttpClient } from './http-client';
import { databaseOptions, startServerProcess, storageKinds, useFreshStorage } from './server-process';

const CLIENTS = Number(process.env.SHUTDOWN_CLIENTS ?? 40);
/** SIGTERM once this many sign-ins are acknowledged, with the load still running. */
const TERM_AT = Number(process.env.SHUTDOWN_TERM_AT ?? 100);

type Outcome = 'acknowledged' | 'refused' | 'connection-error';

// It loads a server with many clients: one such suite at a time, alongside the rest of the run.
joinLane('load');

describe.each(storageKinds)('SIGTERM under continuous load, on %s', (kind) => {
  const storageOf = useFreshStorage(kind);

  it('finishes in-flight requests, refuses new ones cleanly, exits 0 in time, and loses no acknowledged write', async () => {
    const storage = storageOf();
    const server = await startServerProcess({ storage, env: { TRUST_PROXY: 'loopback' } });
    const outcomes = new Map<string, Outcome>();
    const statuses = new Map<number, number>();
    let acknowledged = 0;
    let terminated = false;
    let exited = false;
    let attempt = 0;
    const exit = server.exited.then((result) => {
      exited = true;
      return result;
    });

    // Each client signs in again and again (a write each time) and reads its session, until the
    // process has exited and one more attempt has been refused.
    const client = async () => {
      let afterExit = 0;
      while (afterExit < 2) {
        if (exited) afterExit += 1;
        attempt += 1;
        const email = `term-${attempt}@example.com`;
        const http = new HttpClient(server.url);
        let ok = false;
        try {
          ok = await http.signIn(email);
          outcomes.set(email, ok ? 'acknowledged' : 'refused');
        } catch {
          outcomes.set(email, 'connection-error');
        }
        if (ok) {
          acknowledged += 1;
          try {
            await (await http.request('GET', '/api/auth/me')).body?.cancel();
          } catch {
            // the server stopped listening between the two requests
          }
        }
        for (const status of http.statuses) statuses.set(status, (statuses.get(status) ?? 0) + 1);
        if (!terminated && acknowledged >= TERM_AT) {
          terminated = true;
          server.child.kill('SIGTERM');
        }
      }
    };
    await Promise.all(Array.from({ length: CLIENTS }, client));
    const { code } = await exit;
    // The server gives itself 10 s after SIGTERM and exits 1 when that runs out: 0 means in time.
    expect(code, server.output()).toBe(0);
    expect(server.output()).not.toMatch(/shutdown took too long|shutdown failed/);
    if (storage.kind === 'pglite') expect(existsSync(join(storage.dataDir, 'freshlist.lock'))).toBe(false);
    const serverErrors = [...statuses].filter(([status]) => status >= 500 && status !== 503);
    expect(serverErrors, 'answers other than success, a 4xx or 503 while closing').toEqual([]);

    const database = await openDatabase(databaseOptions(storage));
    try {
      const stored = new Set(
        (await database.db.selectFrom('users').select('email').where('email', 'like', 'term-%').execute()).map((u) => u.email),
      );
      const lost = [...outcomes].filter(([email, o]) => o === 'acknowledged' && !stored.has(email)).map(([e]) => e);
      // A person stored without an answer would be a request cut off mid-way instead of finished or refused.
      const cutOff = [...outcomes].filter(([email, o]) => o !== 'acknowledged' && stored.has(email)).map(([e]) => e);
      expect(lost, 'acknowledged sign-ins missing').toEqual([]);
      expect(cutOff, 'sign-ins stored but never answered').toEqual([]);
      const count = (o: Outcome) => [...outcomes.values()].filter((v) => v === o).length;
      expect(count('acknowledged')).toBeGreaterThanOrEqual(TERM_AT);
      expect(count('refused') + count('connection-error'), 'attempts after the shutdown were refused').toBeGreaterThan(0);
      recordFigures(`graceful-shutdown ${kind}`, {
        attempts: outcomes.size,
        acknowledged: count('acknowledged'),
        refused: count('refused'),
        connectionRefused: count('connection-error'),
        lost: lost.length,
        cutOff: cutOff.length,
        closing503: statuses.get(503) ?? 0,
      });
    } finally {
      await database.close();
    }
  });
});
