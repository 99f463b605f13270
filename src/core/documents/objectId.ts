import { randomBytes } from 'node:crypto';

/**
 * MongoDB-style object ids: 12 bytes written as 24 lowercase hex digits: a 4-byte big-endian
 * timestamp in seconds, 5 random bytes chosen once per generator, and a 3-byte counter that starts
 * at a random value. Ids from one generator are unique and sort by creation time.
 */
export interface ObjectIdSources {
  /** Milliseconds since the epoch. */
  now(): number;
  random(size: number): Uint8Array;
}

const OBJECT_ID = /^[0-9a-f]{24}$/i;
const COUNTER_LIMIT = 0x1000000;

export function createObjectIdGenerator(sources: ObjectIdSources = { now: Date.now, random: randomBytes }): () => string {
  const processUnique = Buffer.from(sources.random(5));
  let counter = Buffer.from(sources.random(3)).readUIntBE(0, 3);
  return () => {
    const bytes = Buffer.alloc(12);
    bytes.writeUInt32BE(Math.floor(sources.now() / 1000) >>> 0, 0);
    processUnique.copy(bytes, 4);
    bytes.writeUIntBE(counter, 9, 3);
    counter = (counter + 1) % COUNTER_LIMIT;
    return bytes.toString('hex');
  };
}

export const newObjectId: () => string = createObjectIdGenerator();

export function isObjectIdHex(text: string): boolean {
  return OBJECT_ID.test(text);
}
