import type { Socket } from 'node:net';
import { connect } from 'node:net';
import { readFileSync } from 'node:fs';
import { median } from './stats';

export interface Answer {
  status: number;
  text: string;
  headers: Record<string, string | string[] | undefined>;
}

interface Pending {
  resolve: (answer: Answer) => void;
  reject: (error: Error) => void;
}

/** One kept-alive connection, one request at a time: the request written by hand, the answer read by its Content-Length. */
class RawConnection {
  private readonly socket: Socket;
  private received: Buffer = Buffer.alloc(0);
  private pending: Pending | undefined;
  private failure: Error | undefined;

  constructor(host: string, port: number) {
    this.socket = connect({ host, port, noDelay: true });
    this.socket.on('data', (chunk: Buffer) => {
      this.received = this.received.length === 0 ? chunk : Buffer.concat([this.received, chunk]);
      this.answer();
    });
    const fail = (error: Error) => {
      this.failure = error;
      const pending = this.pending;
      this.pending = undefined;
      pending?.reject(error);
    };
    this.socket.on('error', fail);
    this.socket.on('close', () => fail(new Error('the service closed the connection')));
  }

  get usable(): boolean {
    return this.failure === undefined;
  }

  send(request: Buffer): Promise<Answer> {
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => {
      this.pending = { resolve, reject };
      this.socket.write(request);
    });
  }

  private answer(): void {
    if (!this.pending) return;
    const headerEnd = this.received.indexOf('\r\n\r\n');
    if (headerEnd < 0) return;
    const head = this.received.subarray(0, headerEnd).toString('latin1').split('\r\n');
    const headers: Record<string, string> = {};
    for (const line of head.slice(1)) {
      const colon = line.indexOf(':');
      headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
    }
    const length = Number(headers['content-length'] ?? 0);
    const bodyStart = headerEnd + 4;
    if (this.received.length < bodyStart + length) return;
    const text = this.received.subarray(bodyStart, bodyStart + length).toString('utf8');
    this.received = this.received.subarray(bodyStart + length);
    const pending = this.pending;
    this.pending = undefined;
    pending.resolve({ status: Number(head[0].split(' ')[1]), text, headers });
  }

  close(): void {
    this.socket.destroy();
  }
}

/**
 * A bare HTTP/1.1 client over kept-alive connections, for the bench phases that send hundreds of thousands
 * of requests: requests written by hand and answers read by their Content-Length (all the local service sends),
 * so that on a shared machine the client takes as little of the CPU as it can and the service is what is measured.
 * (Node's http client cost about as much CPU per request as the service's handling of it.)
 */
export class KeepAliveClient {
  private readonly idle: RawConnection[] = [];
  private readonly open: RawConnection[] = [];
  private readonly waiting: ((connection: RawConnection) => void)[] = [];
  private readonly host: string;
  private readonly port: number;
  private readonly hostHeader: string;

  constructor(
    baseUrl: string,
    private readonly apiKey: string,
    private readonly connections = 32,
  ) {
    const url = new URL(baseUrl);
    this.host = url.hostname.replace(/^\[|\]$/g, '');
    this.port = Number(url.port);
    this.hostHeader = url.host;
  }

  private acquire(): Promise<RawConnection> {
    while (this.idle.length > 0) {
      const connection = this.idle.pop()!;
      if (connection.usable) return Promise.resolve(connection);
      this.open.splice(this.open.indexOf(connection), 1);
    }
    if (this.open.length < this.connections) {
      const connection = new RawConnection(this.host, this.port);
      this.open.push(connection);
      return Promise.resolve(connection);
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private release(connection: RawConnection): void {
    if (!connection.usable) {
      this.open.splice(this.open.indexOf(connection), 1);
      connection.close();
      const next = this.waiting.shift();
      if (next) void this.acquire().then(next);
      return;
    }
    const next = this.waiting.shift();
    if (next) next(connection);
    else this.idle.push(connection);
  }

  async call(method: string, path: string, body?: unknown): Promise<Answer> {
    const data = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    const target = `${path}${path.includes('?') ? '&' : '?'}_apikey=${encodeURIComponent(this.apiKey)}`;
    const head =
      `${method} ${target} HTTP/1.1\r\nHost: ${this.hostHeader}\r\n` +
      (data ? `Content-Type: application/json\r\nContent-Length: ${data.length}\r\n` : '') +
      '\r\n';
    const request = data ? Buffer.concat([Buffer.from(head, 'latin1'), data]) : Buffer.from(head, 'latin1');
    const connection = await this.acquire();
    try {
      return await connection.send(request);
    } finally {
      this.release(connection);
    }
  }

  /** Like `call`, but an answer other than 2xx is an error carrying the service's message. */
  async ok(method: string, path: string, body?: unknown): Promise<Answer> {
    const answer = await this.call(method, path, body);
    if (answer.status < 200 || answer.status > 299) throw new Error(`${method} ${path}: ${answer.status} ${answer.text.slice(0, 300)}`);
    return answer;
  }

  close(): void {
    for (const connection of this.open) connection.close();
    this.open.length = 0;
    this.idle.length = 0;
  }
}

/** Runs `task(0)` … `task(count - 1)` with `width` of them in flight at once. */
export async function inParallel(count: number, width: number, task: (i: number) => Promise<unknown>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, count) }, async () => {
      while (next < count) await task(next++);
    }),
  );
}

/** The median milliseconds of `runs` calls one after another, after one call to warm up. */
export async function p50(runs: number, call: (run: number) => Promise<unknown>): Promise<number> {
  await call(-1);
  const samples: number[] = [];
  for (let run = 0; run < runs; run++) {
    const start = performance.now();
    await call(run);
    samples.push(performance.now() - start);
  }
  return median(samples);
}

/** A process's resident memory in MB (Linux), NaN where /proc is not there. */
export function residentMb(pid: number): number {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}
