import type { Doc } from '../bson/extendedJson';
import type { HttpError } from '../errors';
import { conflict } from '../errors';
import type { IndexSpec } from './indexes/indexSpec';
import { describeKey } from './collectionData';

/** The answer to a write that `doc` would break the unique index `index` of the collection `ns` (`db.col`) with. */
export const duplicateKeyConflict = (ns: string, index: IndexSpec, doc: Doc): HttpError =>
  conflict(`E11000 duplicate key error index: ${ns}.$${index.name} dup key: ${describeKey(index, doc)}`);

/** The answer to the creation of the unique index `index` of `ns` (`db.col`) over documents of which `doc` repeats a key. */
export const buildDuplicateConflict = (ns: string, index: IndexSpec, doc: Doc): HttpError =>
  conflict(
    `E11000 duplicate key error index: ${ns}.$${index.name} dup key: ${describeKey(index, doc)}; the index was not created (drop_dups keeps the first document and deletes the later duplicates)`,
  );
