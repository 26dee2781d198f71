import { type ComponentType, createElement, Suspense } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { loadRenderedParts, renderedPart } from './rendered-part';

function Greeting({ name }: { name: string }) {
  return createElement('p', null, `Hello ${name}`);
}

/** The server's render of a part inside its Suspense boundary, as a page places it. */
const render = (Part: ComponentType<{ name: string }>) =>
  renderToString(
    createElement(Suspense, { fallback: createElement('i', null, 'loading') }, createElement(Part, { name: 'Ada' })),
  );

describe('a rendered part', () => {
  it('is rendered complete by the server once the parts are loaded, its code loaded once', async () => {
    let loads = 0;
    const Part = renderedPart(async () => {
      loads += 1;
      return Greeting;
    });
    await loadRenderedParts();
    await loadRenderedParts();
    expect(render(Part)).toContain('Hello Ada');
    expect(render(Part)).not.toContain('loading');
    expect(loads).toBe(1);
  });

  it('brings the parts its own code holds, which register only when it loads (the profile’s cards and their panel)', async () => {
    let Inner: ComponentType<{ name: string }> | undefined;
    const Outer = renderedPart(async () => {
      Inner ??= renderedPart(async () => Greeting);
      return Inner;
    });
    await loadRenderedParts();
    expect(render(Outer)).toContain('Hello Ada');
  });

  it('is only its fallback in a render that did not wait for it (what the server avoids)', () => {
    const Part = renderedPart(async () => Greeting);
    expect(render(Part)).toContain('loading');
  });
});
