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
 * node-fetch 3 is ESM-only, so it is loaded with `import()`: in the extension a chunk of its one module graph
 * (dist/c-<hash>.mjs) loaded at the first request, in the service bundled in (whose `default` export `import()`
 * may wrap once more), and resolved by tsx in tests.
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
