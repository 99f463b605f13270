import type { CollectionData } from './query/collectionData';
import type { DatabaseData } from './store/accountState';

const PAGE = 4096;
const BUCKET = 8192;
const roundUp = (value: number, unit: number) => Math.ceil(value / unit) * unit;

/** The storage the old storage engine would have allocated for this much data: extents with padding. */
function storageOf(data: CollectionData): { storageSize: number; numExtents: number; lastExtentSize: number } {
  const storageSize = roundUp(Math.max(BUCKET, data.dataSize * 1.25 + data.count * 16), PAGE);
  const numExtents = 1 + Math.floor(storageSize / (16 * 1024 * 1024));
  return { storageSize, numExtents, lastExtentSize: roundUp(storageSize / numExtents, PAGE) };
}

function indexSizes(data: CollectionData): Record<string, number> {
  const sizes: Record<string, number> = {};
  for (const index of data.indexes)
    sizes[index.name] = BUCKET * (1 + Math.floor((data.count * (24 + 12 * Object.keys(index.key).length)) / BUCKET));
  return sizes;
}

const average = (size: number, count: number) => (count === 0 ? null : Math.round((size / count) * 100) / 100);

export function collectionListItem(name: string, data: CollectionData): Record<string, unknown> {
  return {
    name,
    count: data.count,
    storageSize: storageOf(data).storageSize,
    avgObjSize: average(data.dataSize, data.count),
    indexCount: data.indexes.length,
    ok: 1.0,
  };
}

export function collectionStats(database: string, name: string, data: CollectionData): Record<string, unknown> {
  const sizes = indexSizes(data);
  return {
    ns: `${database}.${name}`,
    count: data.count,
    size: data.dataSize,
    avgObjSize: average(data.dataSize, data.count),
    ...storageOf(data),
    nindexes: data.indexes.length,
    paddingFactor: 1,
    flags: 1,
    totalIndexSize: Object.values(sizes).reduce((a, b) => a + b, 0),
    indexSizes: sizes,
    ok: 1.0,
  };
}

export function databaseStats(database: DatabaseData): Record<string, unknown> {
  let objects = 0;
  let dataSize = 0;
  let storageSize = 0;
  let numExtents = 0;
  let indexes = 0;
  let indexSize = 0;
  for (const data of database.collections.values()) {
    const storage = storageOf(data);
    objects += data.count;
    dataSize += data.dataSize;
    storageSize += storage.storageSize;
    numExtents += storage.numExtents;
    indexes += data.indexes.length;
    indexSize += Object.values(indexSizes(data)).reduce((a, b) => a + b, 0);
  }
  const fileSize =
    database.collections.size === 0 ? 0 : Math.max(64 * 1024 * 1024, 2 ** Math.ceil(Math.log2(storageSize + indexSize + 16 * 1024 * 1024)));
  return {
    db: database.name,
    collections: database.collections.size,
    objects,
    avgObjSize: objects === 0 ? 0 : Math.round((dataSize / objects) * 100) / 100,
    dataSize,
    storageSize,
    numExtents,
    indexes,
    indexSize,
    fileSize,
    // The namespace file the old storage engine allocated per database: 16 MB by default.
    nsSizeMB: database.collections.size === 0 ? 0 : 16,
    ok: 1.0,
  };
}
