import * as http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * What the proxy does to a request:
 * - `pass`: forwards it and relays the answer unchanged;
 * - `latency`: forwards it after `ms` milliseconds;
 * - `status`: answers `status` with `{"error": message}` without forwarding;
 * - `reset`: destroys the connection without answering, before forwarding or (`afterForwarding`) once the service has answered;
 * - `hang`: never answers, and never forwards;
 * - `truncated`: forwards, sends the answer's headers (its full Content-Length) and the first half of its body, then closes the connection;
 * - `invalid-json`: forwards, then answers the service's status with a body that claims to be JSON and is not;
 * - `never-finish`: forwards, sends the answer's headers and the first half of its body, and never the rest.
 */
export type FaultMode =
  | { kind: 'pass' }
  | { kind: 'latency'; ms: number }
  | { kind: 'status'; status: 500 | 502 | 503 | 504; message?: string }
  | { kind: 'reset'; afterForwarding?: boolean }
  | { kind: 'hang' }
  | { kind: 'truncated' }
  | { kind: 'invalid-json' }
  | { kind: 'never-finish' };

export type FaultKind = FaultMode['kind'];

/** A request as the proxy saw it: no query string, so never the key. */
export interface ProxiedRequest {
  method: string;
  path: string;
  fault: FaultKind;
  /** Whether the request reached the service behind the proxy. */
  forwarded: boolean;
  /** Bytes of the request body. */
  bodyBytes: number;
  /** Bytes of the service's answer body as it reached the proxy (0 when not forwarded). */
  responseBytes: number;
}

export const INVALID_JSON_BODY = '{"ok": 1, this is not JSON';

interface UpstreamAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** An HTTP proxy on 127.0.0.1 in front of a service, injecting one fault mode at a time. */
export class FaultProxy {
  readonly requests: ProxiedRequest[] = [];
  private mode: FaultMode = { kind: 'pass' };
  private readonly queued: FaultMode[] = [];
  private readonly sockets = new Set<Socket>();
  private readonly timers = new Set<ReturnType<typeof setTimeout>>();
  private readonly agent = new http.Agent({ keepAlive: true });
  private readonly server = http.createServer((request, response) => this.handle(request, response));
  private readonly target: URL;

  private constructor(target: string) {
    this.target = new URL(target);
    this.server.on('connection', (socket: Socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
  }

  /** Starts a proxy on a free port of 127.0.0.1 in front of `target` (an http URL). */
  static async start(target: string): Promise<FaultProxy> {
    const proxy = new FaultProxy(target);
    await new Promise<void>((resolve, reject) => {
      proxy.server.once('error', reject);
      proxy.server.listen(0, '127.0.0.1', () => resolve());
    });
    return proxy;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** The mode of every request from now on (after any queued by {@link failNext}). */
  setMode(mode: FaultMode): void {
    this.mode = mode;
  }

  /** The next `count` requests meet `mode`; later ones the current mode again. */
  failNext(count: number, mode: FaultMode): void {
    for (let i = 0; i < count; i++) this.queued.push(mode);
  }

  /** Back to passing everything, with no queued faults and an empty record. */
  reset(): void {
    this.mode = { kind: 'pass' };
    this.queued.length = 0;
    this.requests.length = 0;
  }

  /** How many requests of `method` (any method if omitted) arrived. */
  count(method?: string): number {
    return this.requests.filter((request) => method === undefined || request.method === method).length;
  }

  async close(): Promise<void> {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    for (const socket of this.sockets) socket.destroy();
    this.agent.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private handle(request: http.IncomingMessage, response: http.ServerResponse): void {
    const mode = this.queued.shift() ?? this.mode;
    const record: ProxiedRequest = {
      method: request.method ?? 'GET',
      path: (request.url ?? '/').split('?')[0],
      fault: mode.kind,
      forwarded: false,
      bodyBytes: 0,
      responseBytes: 0,
    };
    this.requests.push(record);
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('error', () => undefined);
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      record.bodyBytes = body.length;
      const forward = async (): Promise<UpstreamAnswer> => {
        record.forwarded = true;
        const answer = await this.forward(request, body);
        record.responseBytes = answer.body.length;
        return answer;
      };
      this.apply(mode, request, response, forward).catch(() => request.socket.destroy());
    });
  }

  private async apply(
    mode: FaultMode,
    request: http.IncomingMessage,
    response: http.ServerResponse,
    forward: () => Promise<UpstreamAnswer>,
  ): Promise<void> {
    switch (mode.kind) {
      case 'pass':
        return this.relay(response, await forward());
      case 'latency':
        await this.delay(mode.ms);
        return this.relay(response, await forward());
      case 'status': {
        const text = JSON.stringify({ error: mode.message ?? `Injected fault: ${mode.status}` });
        response.writeHead(mode.status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text) });
        response.end(text);
        return;
      }
      case 'reset':
        if (mode.afterForwarding) await forward();
        request.socket.destroy();
        return;
      case 'hang':
        return;
      case 'truncated':
      case 'never-finish': {
        const answer = await forward();
        response.writeHead(answer.status, { ...answer.headers, 'content-length': String(answer.body.length) });
        const half = answer.body.subarray(0, Math.floor(answer.body.length / 2));
        // Once the half is flushed, a truncated answer ends with the connection; a never-finishing one just stops.
        response.write(half, () => {
          if (mode.kind === 'truncated') request.socket.destroy();
        });
        return;
      }
      case 'invalid-json': {
        const answer = await forward();
        response.writeHead(answer.status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(INVALID_JSON_BODY) });
        response.end(INVALID_JSON_BODY);
        return;
      }
    }
  }

  private relay(response: http.ServerResponse, answer: UpstreamAnswer): void {
    response.writeHead(answer.status, { ...answer.headers, 'content-length': String(answer.body.length) });
    response.end(answer.body);
  }

  private forward(request: http.IncomingMessage, body: Buffer): Promise<UpstreamAnswer> {
    const headers = { ...request.headers, host: this.target.host };
    delete headers['connection'];
    delete headers['transfer-encoding'];
    headers['content-length'] = String(body.length);
    return new Promise((resolve, reject) => {
      const upstream = http.request(
        new URL(request.url ?? '/', this.target),
        { method: request.method, headers, agent: this.agent },
        (answer) => {
          const chunks: Buffer[] = [];
          answer.on('data', (chunk: Buffer) => chunks.push(chunk));
          answer.on('end', () => {
            const answerHeaders = { ...answer.headers };
            delete answerHeaders['transfer-encoding'];
            delete answerHeaders['connection'];
            delete answerHeaders['keep-alive'];
            resolve({ status: answer.statusCode ?? 502, headers: answerHeaders, body: Buffer.concat(chunks) });
          });
          answer.on('error', reject);
        },
      );
      upstream.on('error', reject);
      upstream.end(body);
    });
  }

  private delay(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        resolve();
      }, ms);
      this.timers.add(timer);
    });
  }
}
