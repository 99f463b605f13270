import { copyFileSync, existsSync, linkSync } from 'node:fs';

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

/** Keeps a file that is about to be replaced under its kept name: a hard link (atomic, no space needed) where the file system has them, else a copy. */
export function keepCopy(path: string): string {
  const target = damagedName(path);
  try {
    linkSync(path, target);
  } catch {
    copyFileSync(path, target);
  }
  return target;
}
