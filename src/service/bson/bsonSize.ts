import type { Doc, Value } from './extendedJson';
import { ObjectId } from './objectId';

/** The database's largest document: 16 MB of BSON. */
export const MAX_BSON_BYTES = 16 * 1024 * 1024;

const INT32_MIN = -(2 ** 31);
const INT32_MAX = 2 ** 31 - 1;

/** Bytes of a value's BSON payload (without its type byte and field name), as a driver encodes it. */
function valueSize(value: Value): number {
  if (value === null || value === undefined) return 0;
  if (typeof value === 'boolean') return 1;
  if (typeof value === 'number') return Number.isInteger(value) && value >= INT32_MIN && value <= INT32_MAX ? 4 : 8;
  if (typeof value === 'bigint') return 8;
  if (typeof value === 'string') return 4 + Buffer.byteLength(value, 'utf8') + 1;
  if (value instanceof ObjectId) return 12;
  if (value instanceof Date) return 8;
  if (Array.isArray(value)) {
    let size = 5;
    for (let index = 0; index < value.length; index++) size += 1 + String(index).length + 1 + valueSize(value[index] ?? null);
    return size;
  }
  return bsonSize(value);
}

/** The size of `doc` encoded as BSON: what the database compares with its 16 MB limit. */
export function bsonSize(doc: Doc): number {
  let size = 5;
  for (const [field, value] of Object.entries(doc)) size += 1 + Buffer.byteLength(field, 'utf8') + 1 + valueSize(value);
  return size;
}
