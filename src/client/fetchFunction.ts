/** What the client needs from a fetch implementation; node-fetch 3 and Node's global fetch both fit. */
export interface FetchRequestInit {
  method: string;
  headers: Record<string, string>;
  body?: string;
  signal: AbortSignal;
  redirect: 'manual';
}

export interface FetchResponse {
  status: number;
  statusText?: string;
  headers: { get(name: string): string | null };
  text(): Promise<string>;
}

export type FetchFunction = (url: string, init: FetchRequestInit) => Promise<FetchResponse>;

let nodeFetch: Promise<FetchFunction> | undefined;

/**
 * node-fetch 3 is ESM-only and this package is CommonJS, so it is loaded with `import()`: the extension loads
 * it from its own bundle (dist/nodeFetch.js, CommonJS, whose `default` export `import()` wraps once more), the
 * service has it bundled in, and tsx resolves it in tests.
 */
export function loadNodeFetch(): Promise<FetchFunction> {
  nodeFetch ??= import('node-fetch').then((module) => {
    let exported: unknown = module.default;
    while (typeof exported !== 'function' && typeof exported === 'object' && exported !== null && 'default' in exported)
      exported = exported.default;
    if (typeof exported !== 'function') throw new Error('node-fetch did not load: its bundle exports no function');
    return exported as FetchFunction;
  });
  return nodeFetch;
}
