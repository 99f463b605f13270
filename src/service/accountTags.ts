import { createHash, createHmac, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const SECRET_FILE = 'secret';
const SECRET_TEXT = /^[0-9a-f]{64}$/;

/**
 * The data folder's secret, made on first start and readable by its owner only. Account folder names
 * and custom plan names are keyed hashes of the API key under it, so they cannot be used to try keys
 * offline without the secret.
 */
export function dataFolderSecret(dataDir: string, apiKeys: string[] = []): Buffer {
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, SECRET_FILE);
  if (!existsSync(path)) refuseWithoutSecret(dataDir, path, apiKeys);
  try {
    writeFileSync(path, randomBytes(32).toString('hex'), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const text = readFileSync(path, 'utf8').trim();
  if (!SECRET_TEXT.test(text))
    throw new Error(
      `${path} is damaged (it should hold 64 hexadecimal characters); restore it from a backup, or the accounts in this folder cannot be found`,
    );
  return Buffer.from(text, 'hex');
}

/**
 * A missing secret is a fresh start only when no account folder needs it: folders named under a secret
 * cannot be found without it, and a new one would leave them unreachable. Folders named the old way (by
 * an unsalted hash of one of the keys) predate the secret and do not need it.
 */
function refuseWithoutSecret(dataDir: string, path: string, apiKeys: string[]): void {
  const accountsDir = join(dataDir, 'accounts');
  if (!existsSync(accountsDir)) return;
  const legacy = new Set(apiKeys.map(legacyAccountTag));
  const orphans = readdirSync(accountsDir).filter((name) => !legacy.has(name));
  if (orphans.length === 0) return;
  throw new Error(
    `${path} is missing, but ${accountsDir} holds ${orphans.length} account folder(s) named with it, which cannot be found without it. Restore the secret file from a backup; to start afresh instead, move the accounts folder away. The service did not start and changed nothing.`,
  );
}

/** The account's id for this service: a keyed hash of its API key, never the key. */
export const keyDigest = (secret: Buffer, key: string): string => createHmac('sha256', secret).update(key, 'utf8').digest('hex');

/** Names the account's folder and its custom deploy. */
export const accountTag = (digest: string): string => digest.slice(0, 16);

/** The tag older versions used: an unsalted hash of the key. Only to find and move their folders. */
export const legacyAccountTag = (key: string): string => createHash('sha256').update(key, 'utf8').digest('hex').slice(0, 16);
