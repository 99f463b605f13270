import * as http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A local service seen through a proxy that lacks some endpoints. */
export interface ServiceWithout {
  readonly url: string;
  /** How many requests were answered 404 because their endpoint is missing. */
  refused(): number;
  close(): Promise<void>;
}

/**
 * A proxy to the local service at `target` that answers every request whose path and query match `missing`
 * (and whose method is `method`, when given) with 404 and `{"error": "No such endpoint: …"}`, as a service
 * without those endpoints would, and forwards the rest as they are.
 */
export async function serviceWithout(target: string, missing: RegExp, method?: string): Promise<ServiceWithout> {
  const upstream = new URL(target);
  let refused = 0;
  const server = http.createServer((request, response) => {
    if (missing.test(request.url ?? '') && (method === undefined || request.method === method)) {
      refused++;
      request.resume();
      response.writeHead(404, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify({ error: `No such endpoint: ${(request.url ?? '').split('?')[0]}` }));
      return;
    }
    const forwarded = http.request(
      { host: upstream.hostname, port: upstream.port, path: request.url, method: request.method, headers: request.headers },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    forwarded.on('error', () => response.destroy());
    request.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    refused: () => refused,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
