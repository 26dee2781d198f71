import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { csvRecords, responsesCsvStream } from './csv';

describe('CSV export (RFC 4180, formula-injection-safe)', () => {
  it('separates records with CRLF and leaves plain cells bare', () => {
    expect(
      csvRecords([
        ['name', 'order'],
        ['Ada', 'Bread'],
      ]),
    ).toBe('name,order\r\nAda,Bread\r\n');
  });

  it('quotes cells with a comma, a quote or a line break, doubling quotes', () => {
    expect(csvRecords([['a,b', 'say "hi"', 'two\nlines', 'cr\rhere']])).toBe('"a,b","say ""hi""","two\nlines","cr\rhere"\r\n');
  });

  it.each([
    ['=HYPERLINK("http://evil")', `"'=HYPERLINK(""http://evil"")"`],
    ['+1+2', "'+1+2"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tTabbed', "'\tTabbed"],
    ['\rReturn', `"'\rReturn"`],
  ])('escapes a cell starting like a formula: %j', (cell, expected) => {
    expect(csvRecords([[cell]])).toBe(`${expected}\r\n`);
  });

  it('quotes a cell holding a semicolon, so a semicolon-locale spreadsheet keeps it whole', () => {
    expect(csvRecords([['bread;=HYPERLINK("http://evil")', 'plain']])).toBe('"bread;=HYPERLINK(""http://evil"")",plain\r\n');
  });

  it('leaves formula characters alone when they are not first', () => {
    expect(csvRecords([['a=b', '1-2', 'me@example.com']])).toBe('a=b,1-2,me@example.com\r\n');
  });

  it('starts with a UTF-8 byte-order mark, so Excel on Windows reads accented names right', async () => {
    async function* one() {
      yield [{ id: 1, answers: { name: 'Zoë Ångström' }, submittedAt: 0 }];
    }
    const bytes = Buffer.from(await text(responsesCsvStream(['name'], one())), 'utf8');
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.subarray(3).toString('utf8')).toBe('Submitted at,name\r\n1970-01-01 00:00,Zoë Ångström\r\n');
  });

  it('writes each answer kind as a person reads it, and quotes a list of options', async () => {
    async function* one() {
      yield [{ id: 1, answers: { n: 4.5, ok: true, picks: ['Rye', 'Spelt'], no: false }, submittedAt: 0 }];
    }
    expect(await text(responsesCsvStream(['n', 'ok', 'picks', 'no', 'skipped'], one()))).toBe(
      '\ufeffSubmitted at,n,ok,picks,no,skipped\r\n1970-01-01 00:00,4.5,Yes,"Rye, Spelt",No,\r\n',
    );
  });

  it('streams the header then each response, with empty cells for unanswered columns', async () => {
    async function* pages() {
      yield [{ id: 2, answers: { name: '=Eve' }, submittedAt: Date.UTC(2026, 0, 2) }];
      yield [{ id: 1, answers: { name: 'Ada', order: 'Bread, milk' }, submittedAt: Date.UTC(2026, 0, 1) }];
    }
    expect(await text(responsesCsvStream(['name', 'order'], pages()))).toBe(
      '\ufeffSubmitted at,name,order\r\n' + "2026-01-02 00:00,'=Eve,\r\n" + '2026-01-01 00:00,Ada,"Bread, milk"\r\n',
    );
  });

  it('escapes a header taken from a field name', async () => {
    async function* none() {}
    expect(await text(responsesCsvStream(['=field'], none()))).toBe("\ufeffSubmitted at,'=field\r\n");
  });

  it('writes Submitted at on the owner’s clock, and a phone answer without the formula apostrophe (#31)', async () => {
    async function* one() {
      yield [{ id: 1, answers: { phone: '+44 20 7946 0958', note: '+1 trick' }, submittedAt: Date.UTC(2026, 6, 1, 13, 5) }];
    }
    const questions = [
      { field: 'phone', type: 'phone' as const },
      { field: 'note', type: 'text' as const },
    ];
    expect(await text(responsesCsvStream(['phone', 'note'], one(), { questions, timeZone: 'Europe/London' }))).toBe(
      "\ufeffSubmitted at,phone,note\r\n2026-07-01 14:05,+44 20 7946 0958,'+1 trick\r\n",
    );
  });
});
