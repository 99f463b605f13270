import * as http from 'node:http';
import type { AddressInfo } from 'node:net';

/** Paths of the original's endpoints beyond the interface. */
const EXTRAS = /^\/(slow_queries\/|copy_database|databases\/[^/]+\/(users|ops)(\/|$|\?)|deployments\/[^/]+\/stats)/;

/**
 * A service that offers only the interface: a proxy to the local service that answers the original's extra
 * endpoints 404, as a service without them would.
 */
export async function serviceWithoutExtras(target: string): Promise<{ url: string; close(): Promise<void> }> {
  const upstream = new URL(target);
  const server = http.createServer((request, response) => {
    if (EXTRAS.test(request.url ?? '')) {
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
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
