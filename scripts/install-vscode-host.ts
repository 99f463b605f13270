// Installs (or confirms cached) what the tests in a real VS Code need: Chromium, Node 24, code-server.
import type { PrerequisiteTiming } from './vscode-host/prerequisites';
import { ensureHarnessPrerequisites } from './vscode-host/prerequisites';

async function main(): Promise<void> {
  const timings: PrerequisiteTiming[] = [];
  const prerequisites = await ensureHarnessPrerequisites(timings);
  for (const { step, seconds } of timings) console.log(`${step}: ready in ${seconds.toFixed(1)} s`);
  console.log(`code-server ${prerequisites.codeServer.version}, node ${prerequisites.node.executable}, chromium ${prerequisites.chromium}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
