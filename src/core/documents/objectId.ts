import { randomBytes } from '../text/webRandom';

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

const COUNTER_LIMIT = 0x1000000;

export function createObjectIdGenerator(sources: ObjectIdSources = { now: Date.now, random: randomBytes }): () => string {
  const hex = (value: number, digits: number) => value.toString(16).padStart(digits, '0');
  const processUnique = Array.from(sources.random(5).subarray(0, 5), (byte) => hex(byte, 2)).join('');
  const start = sources.random(3);
  let counter = (start[0] << 16) | (start[1] << 8) | start[2];
  return () => {
    const id = `${hex(Math.floor(sources.now() / 1000) >>> 0, 8)}${processUnique}${hex(counter, 6)}`;
    counter = (counter + 1) % COUNTER_LIMIT;
    return id;
  };
}

export const newObjectId: () => string = createObjectIdGenerator();
