import { type ComponentType, lazy } from 'react';

const renderedParts: Array<() => Promise<unknown>> = [];

/**
 * A part of a rendered page whose code a profile's first visit does not carry (docs/decisions/0219),
 * which the server still renders complete: it loads every such part before its first render
 * (`loadRenderedParts`), and React's lazy then takes the code at once, from a thenable that is
 * already resolved, instead of rendering the Suspense fallback. In the browser the part loads on
 * its first render; around a server-rendered one, a Suspense boundary keeps the server's HTML
 * until it has.
 */
export function renderedPart<P extends object>(
  load: () => Promise<ComponentType<P>>,
): ComponentType<P> & { load: () => Promise<ComponentType<P>> } {
  let loaded: ComponentType<P> | undefined;
  const preload = async () => {
    loaded ??= await load();
    return loaded;
  };
  renderedParts.push(preload);
  const component = lazy(() => {
    if (!loaded) return preload().then((component) => ({ default: component }));
    const module = { default: loaded };
    // biome-ignore lint/suspicious/noThenProperty: React reads the code as soon as `then` calls back; a promise would call back a tick later.
    return { then: (resolve: (value: typeof module) => void) => resolve(module) } as Promise<typeof module>;
  });
  // `load`: the code fetched ahead of the part's first render in the browser, so that render does not suspend.
  return Object.assign(component, { load: preload });
}

/**
 * The server's render: the code of every rendered part, loaded before the first page is rendered,
 * parts inside parts too (the profile's cards hold the trade-access panel): a part's module
 * registers its own parts when it loads.
 */
export async function loadRenderedParts(): Promise<void> {
  let loaded = -1;
  while (loaded !== renderedParts.length) {
    loaded = renderedParts.length;
    await Promise.all(renderedParts.map((preload) => preload()));
  }
}
