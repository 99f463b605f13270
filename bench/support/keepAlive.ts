import { Agent, request } from 'node:http';
import { readFileSync } from 'node:fs';
import { median } from './stats';

export interface Answer {
  status: number;
  text: string;
  headers: Record<string, string | string[] | undefined>;
}

/**
 * A bare HTTP client over kept-alive connections, for the bench phases that send hundreds of thousands of
 * requests: it adds nothing per request but the request itself, so the service is what is measured.
 */
export class KeepAliveClient {
  private readonly agent: Agent;

  constructor(
    private readonly baseUrl: string,
    private readonly apiKey: string,
    connections = 32,
  ) {
    this.agent = new Agent({ keepAlive: true, maxSockets: connections });
  }

  call(method: string, path: string, body?: unknown): Promise<Answer> {
    const data = body === undefined ? undefined : JSON.stringify(body);
    const url = `${this.baseUrl}${path}${path.includes('?') ? '&' : '?'}_apikey=${encodeURIComponent(this.apiKey)}`;
    const headers: Record<string, string | number> = data
      ? { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(data) }
      : {};
    return new Promise((resolve, reject) => {
      const outgoing = request(url, { method, agent: this.agent, headers }, (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text, headers: response.headers }));
      });
      outgoing.on('error', reject);
      outgoing.end(data);
    });
  }

  /** Like `call`, but an answer other than 2xx is an error carrying the service's message. */
  async ok(method: string, path: string, body?: unknown): Promise<Answer> {
    const answer = await this.call(method, path, body);
    if (answer.status < 200 || answer.status > 299) throw new Error(`${method} ${path}: ${answer.status} ${answer.text.slice(0, 300)}`);
    return answer;
  }

  close(): void {
    this.agent.destroy();
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
