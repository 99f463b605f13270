import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ManagedProcess } from './child-processes';
import { repoRoot } from './paths';
import { SERVICE_READY_LINE } from '../../src/core/api/serviceReadyLine';

export interface LocalService {
  url: string;
  apiKey: string;
  process: ManagedProcess;
}

export interface LocalServiceOptions {
  dataDir: string;
  /** Start with no databases instead of the demo data. */
  empty?: boolean;
  apiKey?: string;
  port?: number;
  /** Browser origins the service answers (`--allow-origin`): the extension in a web worker of that page. */
  allowOrigins?: string[];
  /** A line per request in the process log (by default the service is quiet). */
  logRequests?: boolean;
}

export function generateApiKey(): string {
  return randomBytes(24).toString('hex');
}

/** Starts the built local service (`dist/service.js`) on 127.0.0.1 and waits for its "listening" line. */
export async function startLocalService(options: LocalServiceOptions): Promise<LocalService> {
  const script = path.join(repoRoot, 'dist', 'service.js');
  if (!fs.existsSync(script)) throw new Error(`${path.relative(process.cwd(), script)} is missing: build first (npm run build)`);
  const apiKey = options.apiKey ?? generateApiKey();
  fs.mkdirSync(options.dataDir, { recursive: true });
  // The key goes in the environment (DBHOST_API_KEY), not the command line that `ps` shows.
  const args = [script, '--port', String(options.port ?? 0), '--data', options.dataDir];
  if (!options.logRequests) args.push('--quiet');
  if (options.empty) args.push('--empty');
  for (const origin of options.allowOrigins ?? []) args.push('--allow-origin', origin);
  const child = ManagedProcess.start(options.empty ? 'local service (empty)' : 'local service (demo data)', process.execPath, args, {
    cwd: repoRoot,
    env: { ...process.env, DBHOST_API_KEY: apiKey },
    secrets: [apiKey],
  });
  const match = await child.waitForOutput(SERVICE_READY_LINE, 30_000);
  return { url: match[1], apiKey, process: child };
}
