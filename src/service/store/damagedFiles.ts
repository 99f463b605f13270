import { copyFileSync, existsSync, linkSync, renameSync } from 'node:fs';

/** Thrown at start-up when an account's files cannot be read as a whole: the service stops instead of starting on part of them. */
export class StartupRefusal extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StartupRefusal';
  }
}

/** A name beside `path` for a damaged file kept for the user: `<name>.damaged-<timestamp>`, never one that exists. */
export function damagedName(path: string, now = new Date()): string {
  const stamp = now.toISOString().replace(/[:.]/g, '-');
  let candidate = `${path}.damaged-${stamp}`;
  for (let suffix = 2; existsSync(candidate); suffix++) candidate = `${path}.damaged-${stamp}-${suffix}`;
  return candidate;
}

/** Moves a damaged file aside (a rename: it needs no space); returns where it went. */
export function moveAside(path: string): string {
  const target = damagedName(path);
  renameSync(path, target);
  return target;
}

/** Keeps a copy of a damaged file that is about to be replaced: a hard link where the file system has them, else a copy. */
export function keepCopy(path: string): string {
  const target = damagedName(path);
  try {
    linkSync(path, target);
  } catch {
    copyFileSync(path, target);
  }
  return target;
}
