import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { ServiceProcess } from '../../support/serviceProcess';

/**
 * The built local service (dist/service.js of the installed extension) run by the test itself, on a
 * fixed port with its own data folder, so the test can stop it and start it again.
 */
export class OwnService {
  readonly apiKey = randomBytes(24).toString('hex');
  readonly dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dbhost-logs-test-'));
  private running: ServiceProcess | undefined;

  constructor(
    private readonly script: string,
    readonly port: number,
  ) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Starts it and resolves once it prints that it listens. */
  async start(): Promise<void> {
    this.running = await ServiceProcess.start({ script: this.script, port: this.port, dataDir: this.dataDir, apiKeys: [this.apiKey] });
  }

  /** Stops it and resolves once the process has exited. */
  async stop(): Promise<void> {
    const running = this.running;
    this.running = undefined;
    await running?.stop();
  }

  async dispose(): Promise<void> {
    await this.stop();
    fs.rmSync(this.dataDir, { recursive: true, force: true });
  }
}
