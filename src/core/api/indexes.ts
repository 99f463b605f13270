/** The index every collection has on `_id`; it cannot be dropped. */
export const BUILTIN_INDEX = '_id_';
