import type { FetchFunction } from '../../../client/fetchFunction';

/**
 * The browser's fetch as the client's (VS Code for the Web). A browser tells a page nothing about why a request
 * failed, on purpose: a service that is down and one that does not answer the page's origin (CORS) both reject with
 * the same bare TypeError ("Failed to fetch"). So the failure says both causes, and names this page's origin, which
 * is what the local service must be started with (on vscode.dev a random subdomain of vscode-cdn.net).
 */
export function browserFetch(fetch: typeof globalThis.fetch, pageOrigin: string | undefined): FetchFunction {
  const allow = pageOrigin ? `--allow-origin ${pageOrigin}` : "--allow-origin and this page's origin";
  return async (url, init) => {
    try {
      return await fetch(url, init);
    } catch (error) {
      if (init.signal.aborted || !(error instanceof TypeError)) throw error;
      throw new TypeError(
        `the browser could not make the request: the service is not running or not reachable from this browser, ` +
          `or it does not allow this page's origin (CORS; the local service needs ${allow})`,
        { cause: error },
      );
    }
  };
}
