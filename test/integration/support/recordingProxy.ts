import { isWriteRequest } from '../../../src/core/guardrails/accountGuardrails';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  /** Without the query string, which holds the key. */
  path: string;
  body: string;
}

/**
 * Stands between an account and the local service: records each request (the key-bearing query string
 * left out) and, while `dropWrites` is set, accepts a request that is not a GET and then destroys its
 * connection, as a service that dies in the middle of a save does; `dropReads` does the same to GET requests.
 */
export class RecordingProxy {
  readonly requests: RecordedRequest[] = [];
  dropWrites = false;
  /** Like `dropWrites`, for GET requests. */
  dropReads = false;
  private readonly server = http.createServer((request, response) => this.forward(request, response));

  constructor(private readonly target: string) {}

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  start(): Promise<void> {
    return new Promise((resolve) => this.server.listen(0, '127.0.0.1', resolve));
  }

  stop(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  writes(): RecordedRequest[] {
    // A bulk update's dry run is a POST that writes nothing, and so is an aggregation without $out/$merge.
    return this.requests.filter((request) => isWriteRequest({ ...request, body: parsedBody(request.body) }));
  }

  private forward(request: http.IncomingMessage, response: http.ServerResponse): void {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      const method = request.method ?? 'GET';
      this.requests.push({ method, path: (request.url ?? '').split('?')[0], body: body.toString('utf8') });
      if (method === 'GET' ? this.dropReads : this.dropWrites) {
        request.socket.destroy();
        return;
      }
      const upstream = http.request(
        new URL(request.url ?? '/', this.target),
        { method, headers: { ...request.headers, host: new URL(this.target).host } },
        (answer) => {
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(response);
        },
      );
      upstream.on('error', () => request.socket.destroy());
      upstream.end(body);
    });
  }
}

function parsedBody(text: string): Record<string, unknown> | undefined {
  try {
    const body: unknown = JSON.parse(text);
    return typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
