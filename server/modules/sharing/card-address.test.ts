import { describe, expect, it } from 'vitest';
import { addressLines, cardSvg } from './qr';

describe('the printed card’s address (#31: in full, never clipped)', () => {
  it('keeps a short address on one line', () => {
    expect(addressLines('freshlist.example/green-valley')).toEqual(['freshlist.example/green-valley']);
  });

  it('breaks a long list address after a / or a -, every character kept', () => {
    const address = 'freshlist.example/green-valley-organic-farm/lists/winter-vegetable-prices-for-restaurants';
    const lines = addressLines(address);
    expect(lines.join('')).toBe(address);
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) expect([...line].length).toBeLessThanOrEqual(54);
    expect(lines[0]).toMatch(/[/-]$/);
  });

  it('cuts a part longer than a line where it must', () => {
    const lines = addressLines(`x.example/${'a'.repeat(80)}`);
    expect(lines.join('')).toBe(`x.example/${'a'.repeat(80)}`);
    for (const line of lines) expect([...line].length).toBeLessThanOrEqual(54);
  });

  it('draws every line of it on the card, with no ellipsis', () => {
    const url = 'https://freshlist.example/green-valley-organic-farm/lists/winter-vegetable-prices-for-restaurants';
    const svg = cardSvg({ handle: 'green-valley-organic-farm', displayName: 'Green Valley', url });
    for (const line of addressLines(url.slice('https://'.length))) expect(svg).toContain(`>${line}</text>`);
    expect(svg).not.toContain('…');
  });
});
