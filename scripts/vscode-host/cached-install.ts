import * as fs from 'node:fs';
import * as path from 'node:path';

/**
 * Fills `target` by running `install` in a scratch folder beside it and renaming that folder into place
 * only when it succeeded, so an interrupted install is never mistaken for a cached one.
 */
export async function installAtomically(target: string, install: (scratchDir: string) => Promise<void>): Promise<void> {
  const scratch = `${target}.partial-${process.pid}`;
  fs.rmSync(scratch, { recursive: true, force: true });
  fs.mkdirSync(scratch, { recursive: true });
  try {
    await install(scratch);
    fs.rmSync(target, { recursive: true, force: true });
    fs.renameSync(scratch, target);
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

export function ensureDir(dir: string): string {
  fs.mkdirSync(dir, { recursive: true });
  return dir;
}

export function relativeToCwd(file: string): string {
  return path.relative(process.cwd(), file) || '.';
}
