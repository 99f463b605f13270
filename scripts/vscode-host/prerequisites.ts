import type { CodeServerInstall } from './code-server-install';
import { ensureCodeServer } from './code-server-install';
import type { NodeInstall } from './node24';
import { ensureNode24 } from './node24';
import { chromiumPath } from './paths';
import { chromiumPackage, ensureSystemPackages } from './system-packages';

export interface HarnessPrerequisites {
  node: NodeInstall;
  codeServer: CodeServerInstall;
  chromium: string;
}

export interface PrerequisiteTiming {
  step: string;
  seconds: number;
}

/** Everything the code-server host needs, installed when missing and reused when cached. */
export async function ensureHarnessPrerequisites(timings: PrerequisiteTiming[] = []): Promise<HarnessPrerequisites> {
  const timed = async <T>(step: string, work: () => Promise<T>): Promise<T> => {
    const started = Date.now();
    const result = await work();
    timings.push({ step, seconds: (Date.now() - started) / 1000 });
    return result;
  };
  await timed('chromium', () => ensureSystemPackages([chromiumPackage(chromiumPath)]));
  const node = await timed('node 24', () => ensureNode24());
  const codeServer = await timed('code-server', () => ensureCodeServer(node));
  return { node, codeServer, chromium: chromiumPath };
}
