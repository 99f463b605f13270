import fc from 'fast-check';
import type { JsonObject, JsonValue } from '../../../../src/core/json/lossless';
import { LosslessNumber } from '../../../../src/core/json/lossless';

/** Numbers a plain double would change: integers beyond 2^53, decimals with trailing zeros. */
export const exactNumber: fc.Arbitrary<JsonValue> = fc.oneof(
  fc.bigInt({ min: 2n ** 53n + 1n, max: 2n ** 63n - 1n }).map((n) => new LosslessNumber(String(n))),
  fc.bigInt({ min: -(2n ** 63n), max: -(2n ** 53n) - 1n }).map((n) => new LosslessNumber(String(n))),
  fc
    .tuple(fc.integer({ min: -9999, max: 9999 }), fc.integer({ min: 1, max: 99 }))
    .map(([whole, cents]) => new LosslessNumber(`${whole}.${String(cents).padStart(2, '0')}0`)),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e9, max: 1e9 }).filter((n) => !Object.is(n, -0)),
);

export const objectIdValue = fc.stringMatching(/^[0-9a-f]{24}$/).map((hex) => ({ $oid: hex }));
export const dateValue = fc
  .date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2200-01-01T00:00:00Z'), noInvalidDate: true })
  .map((d) => ({ $date: d.toISOString() }));

const leaf: fc.Arbitrary<JsonValue> = fc.oneof(fc.string(), fc.boolean(), fc.constant(null), exactNumber, objectIdValue, dateValue);

const fieldName = fc
  .string({ minLength: 1, maxLength: 8 })
  .filter((key) => !key.startsWith('$') && !key.includes('.') && key !== '__proto__');

/** Documents with every kind of value an export must keep: exact numbers, dates, object ids, nested arrays and objects. */
export const documentArbitrary: fc.Arbitrary<JsonObject> = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: 'small', withCrossShrink: true }, leaf, fc.array(tie('value'), { maxLength: 4 }), tie('object')),
  object: fc.dictionary(fieldName, tie('value'), { maxKeys: 4 }),
})).object as fc.Arbitrary<JsonObject>;

/** Splits text into chunks at arbitrary places, as a file stream might. */
export function chunked(text: string, cuts: number[]): string[] {
  const points = [...new Set(cuts.map((cut) => cut % (text.length + 1)))].sort((a, b) => a - b);
  const chunks: string[] = [];
  let from = 0;
  for (const point of points) {
    chunks.push(text.slice(from, point));
    from = point;
  }
  chunks.push(text.slice(from));
  return chunks;
}

export async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const result: T[] = [];
  for await (const item of items) result.push(item);
  return result;
}
