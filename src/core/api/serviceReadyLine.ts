/**
 * The line the local service prints once it listens. Everything that starts it (the extension's Start Local
 * Service, `npm start`, the test harnesses) waits for this line and reads the address from it.
 */
export function serviceReadyLine(url: string): string {
  return `dbhost service listening on ${url}`;
}

/** Matches {@link serviceReadyLine}; group 1 is the address. */
export const SERVICE_READY_LINE = /dbhost service listening on (https?:\/\/\S+)/;
