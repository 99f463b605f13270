import type { JsonObject } from '../json/lossless';
import { randomBytes } from '../text/webRandom';

/**
 * Where the object ids of one import come from: its start time and 5 random bytes, chosen once and kept
 * with the import's resume state. The id of record n is then always the same (timestamp, the 5 bytes,
 * n as the 3-byte counter; past 2^24 records the timestamp moves on by one second per 2^24), so a
 * resumed or retried import sends a record with the id it had the first time and never stores it twice.
 * The ids have the layout of those the extension gives a New Document.
 */
export interface IdSeed {
  /** Seconds since the epoch. */
  seconds: number;
  /** 10 hex digits. */
  unique: string;
}

const COUNTER_SPAN = 0x1000000;

export function newIdSeed(now = Date.now(), random: (size: number) => Uint8Array = randomBytes): IdSeed {
  return { seconds: Math.floor(now / 1000), unique: hexOf(random(5)) };
}

function hexOf(bytes: Uint8Array): string {
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export function generatedIdHex(seed: IdSeed, ordinal: number): string {
  const seconds = (seed.seconds + Math.floor(ordinal / COUNTER_SPAN)) >>> 0;
  return `${seconds.toString(16).padStart(8, '0')}${seed.unique}${(ordinal % COUNTER_SPAN).toString(16).padStart(6, '0')}`;
}

/** The document as it is sent: its own `_id` kept, else `_id` first with the id of this record. */
export function withId(document: JsonObject, seed: IdSeed, ordinal: number): JsonObject {
  if (Object.hasOwn(document, '_id')) return document;
  return { _id: { $oid: generatedIdHex(seed, ordinal) }, ...document };
}
