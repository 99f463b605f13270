import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DbHostClient } from '../../../src/client/dbHostClient';
import type { RunningService, ServiceOptions } from '../../../src/service/index';
import { startService } from '../../../src/service/index';

export interface TestService {
  service: RunningService;
  dataDir: string;
  client(key?: string): DbHostClient;
  /** A raw request: `path` may carry its own query string; the key is added unless `key` is null. */
  raw(
    method: string,
    path: string,
    options?: { key?: string | null; body?: string | Buffer; headers?: Record<string, string> },
  ): Promise<RawAnswer>;
  stop(): Promise<void>;
}

export interface RawAnswer {
  status: number;
  headers: Headers;
  text: string;
  json: unknown;
}

export function temporaryDirectory(prefix: string): string {
  return mkdtempSync(join(tmpdir(), `dbhost-${prefix}-`));
}

/** Starts the real service on a free port with its data in a fresh temporary directory. */
export async function startTestService(options: Partial<ServiceOptions> & { apiKeys: string[]; keepData?: boolean }): Promise<TestService> {
  const dataDir = options.dataDir ?? temporaryDirectory('service');
  const service = await startService({ port: 0, ...options, dataDir });
  const [firstKey] = options.apiKeys;
  return {
    service,
    dataDir,
    client: (key = firstKey) => new DbHostClient({ baseUrl: service.url, apiKey: key, retries: 0, timeoutMs: 20_000 }),
    async raw(method, path, { key = firstKey, body, headers } = {}) {
      const url = new URL(path, service.url);
      if (key !== null) url.searchParams.set('_apikey', key);
      const response = await fetch(url, {
        method,
        body,
        headers: body === undefined ? headers : { 'Content-Type': 'application/json', ...headers },
      });
      const text = await response.text();
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        json = undefined;
      }
      return { status: response.status, headers: response.headers, text, json };
    },
    async stop() {
      await service.close();
      if (!options.keepData) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const jsonBody = (value: unknown): string => JSON.stringify(value);

/** The error text of an answer, asserting the `{"error": "…"}` shape. */
export function errorText(answer: RawAnswer): string {
  const body = answer.json as { error?: unknown } | undefined;
  if (!body || typeof body.error !== 'string')
    throw new Error(`Expected {"error": "…"}, got ${answer.status} ${answer.text.slice(0, 200)}`);
  return body.error;
}
