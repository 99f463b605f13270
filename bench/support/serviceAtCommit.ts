import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const PROJECT_ROOT = join(__dirname, '..', '..');

export interface OlderService {
  /** The bundled service of that commit, started as the bench starts today's. */
  script: string;
  /** The commit, as `git rev-parse --short` names it. */
  commit: string;
  dispose(): void;
}

/**
 * The local service as it was at `revision`, built from the repository's history with that commit's own
 * esbuild.js (its files extracted with `git archive`, the checkout untouched); undefined where there is no
 * history (a shallow clone) or the build fails, and `why` says so.
 */
export function serviceAtCommit(revision: string, why: (reason: string) => void): OlderService | undefined {
  const directory = mkdtempSync(join(tmpdir(), 'dbhost-bench-older-'));
  const dispose = () => rmSync(directory, { recursive: true, force: true });
  try {
    const git = (...args: string[]) =>
      execFileSync('git', args, { cwd: PROJECT_ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    const commit = git('rev-parse', '--short', revision).trim();
    execFileSync('sh', ['-c', `git archive ${commit} | tar -x -C "${directory}"`], { cwd: PROJECT_ROOT, stdio: 'ignore' });
    symlinkSync(join(PROJECT_ROOT, 'node_modules'), join(directory, 'node_modules'), 'dir');
    execFileSync(process.execPath, ['esbuild.js'], { cwd: directory, stdio: 'ignore' });
    const script = join(directory, 'dist', 'service.js');
    if (!existsSync(script)) throw new Error('its build made no dist/service.js');
    return { script, commit, dispose };
  } catch (error) {
    dispose();
    why(`the service at ${revision} could not be built here (${(error as Error).message.split('\n')[0]})`);
    return undefined;
  }
}
