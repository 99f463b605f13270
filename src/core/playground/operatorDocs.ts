/** An operator a playground can use, with the one line of documentation completion shows beside it. */
export interface OperatorDoc {
  name: string;
  doc: string;
  /** What to insert after the key, when the operator takes something other than a plain value. */
  snippet?: string;
}

/** Operators that combine whole conditions: keys of `q` (and `criteria`) themselves. */
export const LOGICAL_OPERATORS: readonly OperatorDoc[] = [
  { name: '$and', doc: 'Matches documents that satisfy every condition of the array: {"$and": [{…}, {…}]}' },
  { name: '$or', doc: 'Matches documents that satisfy at least one condition of the array: {"$or": [{…}, {…}]}' },
  { name: '$nor', doc: 'Matches documents that satisfy none of the conditions of the array: {"$nor": [{…}, {…}]}' },
];

/** Operators on one field's value: keys of the object a field name is given, {"price": {"$gt": 10}}. */
export const FIELD_OPERATORS: readonly OperatorDoc[] = [
  { name: '$eq', doc: 'Equal to the value (the same as giving the value directly)' },
  { name: '$ne', doc: 'Not equal to the value; also matches documents without the field' },
  { name: '$gt', doc: 'Greater than the value' },
  { name: '$gte', doc: 'Greater than or equal to the value' },
  { name: '$lt', doc: 'Less than the value' },
  { name: '$lte', doc: 'Less than or equal to the value' },
  { name: '$in', doc: 'Equal to any value of the array; on an array field, any element equal to one of them' },
  { name: '$nin', doc: 'Equal to none of the values of the array; also matches documents without the field' },
  { name: '$exists', doc: 'true: the document has the field (even if null); false: it has not' },
  { name: '$type', doc: 'The value is of the given type ("string", "number", "object", "array", …)' },
  { name: '$regex', doc: 'A string matching the regular expression; "$options": "i" ignores case' },
  { name: '$options', doc: 'Flags for $regex: i (ignore case), m (multiline), x, s' },
  { name: '$not', doc: 'Inverts an operator expression: {"$not": {"$gt": 5}}; also matches documents without the field' },
  { name: '$all', doc: 'An array field holding every value of the given array' },
  { name: '$size', doc: 'An array field with exactly this many elements' },
  { name: '$elemMatch', doc: 'An array field with at least one element matching all the given conditions' },
  { name: '$mod', doc: 'The number divided by the divisor has the remainder: [divisor, remainder]' },
];

/** Update operators: keys of `update.object`. */
export const UPDATE_OPERATORS: readonly OperatorDoc[] = [
  { name: '$set', doc: 'Sets each field to the value, creating it when missing' },
  { name: '$unset', doc: 'Removes each field: {"$unset": {"field": ""}}' },
  { name: '$inc', doc: 'Adds the number to each field (a negative number subtracts); a missing field starts at 0' },
  { name: '$mul', doc: 'Multiplies each field by the number; a missing field becomes 0' },
  { name: '$min', doc: 'Sets each field to the value only if the value is less than the current one' },
  { name: '$max', doc: 'Sets each field to the value only if the value is greater than the current one' },
  { name: '$rename', doc: 'Renames each field to the new name: {"$rename": {"old": "new"}}' },
  { name: '$setOnInsert', doc: 'Sets each field only when an upsert inserts a new document' },
  { name: '$currentDate', doc: 'Sets each field to the current date: {"$currentDate": {"updatedAt": true}}' },
  { name: '$push', doc: 'Appends the value to each array field ($each appends several)' },
  { name: '$addToSet', doc: 'Appends the value to each array field unless it is already there' },
  { name: '$pop', doc: 'Removes the first (-1) or last (1) element of each array field' },
  { name: '$pull', doc: 'Removes every element equal to the value, or matching the condition, from each array field' },
  { name: '$pullAll', doc: 'Removes every element equal to any value of the array from each array field' },
];
