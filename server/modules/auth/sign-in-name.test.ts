import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInName } from '../../../core/text';
import { up } from '../../../db/migrations/2970-names-without-control-characters';
import { buildTestApp, signIn, type TestApp } from '../../../tests/fixtures/app';
import { aUser } from '../../../tests/fixtures/factories';

/** A sign-in name arrived with CR/LF and was stored so (issue 42): names are cleaned at sign-in and in the rows stored before. */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const nameOf = async (email: string) =>
  (await t.db.selectFrom('users').select('display_name').where('email', '=', email).executeTakeFirstOrThrow()).display_name;

describe('a sign-in name', () => {
  it('is stored without line breaks or other controls', async () => {
    await signIn(t.app, { email: 'crlf@example.com', name: 'Evil\r\nBcc: x@example.com\u0007 ' });
    expect(await nameOf('crlf@example.com')).toBe('Evil Bcc: x@example.com');
  });

  it('is cleaned in rows stored before (migration 2970), and others are left alone', async () => {
    const dirty = await aUser(t.db, { email: 'old-crlf@example.com' });
    const clean = await aUser(t.db, { email: 'old-clean@example.com', name: 'Plain  Name' });
    await t.db.updateTable('users').set({ display_name: '\tRosa\r\n\u0001Bianchi\u009f' }).where('id', '=', dirty.id).execute();
    await up(t.db);
    expect(await nameOf('old-crlf@example.com')).toBe('Rosa Bianchi');
    expect(await nameOf('old-clean@example.com')).toBe('Plain  Name');
    expect(clean.id).toBeTruthy();
  });

  it('signInName keeps ordinary names as they are', () => {
    expect(signInName('  Zoë  Ó Briain ')).toBe('Zoë Ó Briain');
    expect(signInName('A\tB\nC')).toBe('A B C');
  });
});
