import { once } from 'node:events';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  /** The path as sent, without the query string. */
  path: string;
  /** The raw query string, without `?`. */
  rawQuery: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export type Reply =
  | { status?: number; headers?: Record<string, string>; body?: string }
  /** Never answers. */
  | 'hang'
  /** Sends the status and part of the body, then never finishes. */
  | 'hang-body'
  /** Closes the connection without answering. */
  | 'drop';

export type Responder = (request: RecordedRequest) => Reply;

/** A stand-in for the service on 127.0.0.1 that records every request and answers as each test tells it. */
export class FakeService {
  readonly requests: RecordedRequest[] = [];
  private responder: Responder = () => ({ body: '{"ok": 1}' });
  private readonly queued: Reply[] = [];

  private constructor(private readonly server: http.Server) {
    server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => this.handle(req, res));
  }

  static async start(): Promise<FakeService> {
    const server = http.createServer();
    const fake = new FakeService(server);
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    return fake;
  }

  get baseUrl(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** How every request is answered from now on (after the queued replies). */
  respond(responder: Responder): void {
    this.responder = responder;
  }

  /** Answers the next requests with these replies, in order, then falls back to the responder. */
  queue(...replies: Reply[]): void {
    this.queued.push(...replies);
  }

  /** Resolves once `count` requests have arrived. */
  async received(count: number): Promise<void> {
    while (this.requests.length < count) await once(this.server, 'recorded');
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    this.server.close();
    await once(this.server, 'close');
  }

  private handle(req: http.IncomingMessage, res: http.ServerResponse): void {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = req.url ?? '/';
      const mark = url.indexOf('?');
      const rawQuery = mark < 0 ? '' : url.slice(mark + 1);
      const recorded: RecordedRequest = {
        method: req.method ?? '',
        path: mark < 0 ? url : url.slice(0, mark),
        rawQuery,
        query: new URLSearchParams(rawQuery),
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      this.requests.push(recorded);
      const reply = this.queued.shift() ?? this.responder(recorded);
      this.server.emit('recorded');
      if (reply === 'hang') return;
      if (reply === 'drop') {
        req.socket.destroy();
        return;
      }
      if (reply === 'hang-body') {
        res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': '1000' });
        res.write('[{"name": "a"},');
        return;
      }
      res.writeHead(reply.status ?? 200, { 'Content-Type': 'application/json', ...reply.headers });
      res.end(reply.body ?? '');
    });
  }
}

/** A port on 127.0.0.1 that nothing listens on. */
export async function closedPort(): Promise<number> {
  const server = http.createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  server.close();
  await once(server, 'close');
  return port;
}
