import type { OperatorDoc } from '../playground/operatorDocs';

/** The stages a pipeline may hold, with the one line completion shows and the longer text a hover shows. */
export interface StageDoc extends OperatorDoc {
  /** How the stage is written, shown in hovers. */
  example: string;
  /** What the documents look like after it, in words. */
  output: string;
}

export const STAGES: readonly StageDoc[] = [
  {
    name: '$match',
    doc: 'Keeps the documents that match a query, as "q" of a find selects them',
    example: '{"$match": {"status": "paid", "total": {"$gt": 100}}}',
    output: 'the same fields; fewer documents. A leading $match can use an index.',
  },
  {
    name: '$project',
    doc: 'Keeps, removes or computes fields: {"name": 1, "total": {"$multiply": ["$price", "$qty"]}}',
    example: '{"$project": {"name": 1, "total": 1, "_id": 0}}',
    output: 'only the fields named with 1 or an expression (and _id unless 0); or all but those named with 0.',
  },
  {
    name: '$addFields',
    doc: 'Adds fields computed by expressions, keeping the others',
    example: '{"$addFields": {"total": {"$multiply": ["$price", "$qty"]}}}',
    output: 'every field, plus (or replacing) the ones named.',
  },
  {
    name: '$set',
    doc: 'The same as $addFields: adds or replaces fields computed by expressions',
    example: '{"$set": {"year": {"$year": "$createdAt"}}}',
    output: 'every field, plus (or replacing) the ones named.',
  },
  {
    name: '$unset',
    doc: 'Removes fields: "field" or ["a", "b.c"]',
    example: '{"$unset": ["password", "history"]}',
    output: 'every field but the ones named.',
  },
  {
    name: '$group',
    doc: 'Groups documents by the _id expression and computes accumulators per group',
    example: '{"$group": {"_id": "$region", "revenue": {"$sum": "$total"}, "orders": {"$sum": 1}}}',
    output: 'one document per group: _id (the group key) and one field per accumulator; no other field.',
  },
  {
    name: '$sort',
    doc: 'Orders the documents: {"field": 1} ascending, -1 descending',
    example: '{"$sort": {"revenue": -1, "_id": 1}}',
    output: 'the same documents in that order.',
  },
  {
    name: '$limit',
    doc: 'Keeps the first N documents',
    example: '{"$limit": 10}',
    output: 'at most N documents.',
  },
  {
    name: '$skip',
    doc: 'Passes over the first N documents',
    example: '{"$skip": 20}',
    output: 'the documents after the first N.',
  },
  {
    name: '$unwind',
    doc: 'One document per element of an array field: "$items"',
    example: '{"$unwind": {"path": "$items", "preserveNullAndEmptyArrays": true}}',
    output: 'one document per array element, the field holding that element instead of the array.',
  },
  {
    name: '$count',
    doc: 'One document holding how many documents reach it: {"$count": "orders"}',
    example: '{"$count": "orders"}',
    output: 'a single document with the one field named, holding the count.',
  },
  {
    name: '$facet',
    doc: 'Runs several pipelines on the same documents: {"byRegion": […], "total": […]}',
    example: '{"$facet": {"top": [{"$sort": {"total": -1}}, {"$limit": 3}], "count": [{"$count": "n"}]}}',
    output: 'a single document with one array field per sub-pipeline.',
  },
  {
    name: '$bucket',
    doc: 'Groups documents into ranges of a value: groupBy, boundaries, default, output',
    example: '{"$bucket": {"groupBy": "$total", "boundaries": [0, 100, 1000], "default": "more"}}',
    output: 'one document per range: _id (its lower boundary) and count, or the accumulators of "output".',
  },
  {
    name: '$bucketAuto',
    doc: 'Groups documents into a number of evenly filled ranges of a value: groupBy, buckets',
    example: '{"$bucketAuto": {"groupBy": "$total", "buckets": 4}}',
    output: 'one document per range: _id {min, max} and count, or the accumulators of "output".',
  },
  {
    name: '$sortByCount',
    doc: 'Groups by an expression and counts each group, largest first: "$status"',
    example: '{"$sortByCount": "$status"}',
    output: 'one document per value: _id (the value) and count, sorted by count descending.',
  },
  {
    name: '$replaceRoot',
    doc: 'Replaces each document with the document an expression gives: {"newRoot": "$address"}',
    example: '{"$replaceRoot": {"newRoot": "$customer"}}',
    output: 'the fields of the new root only.',
  },
  {
    name: '$replaceWith',
    doc: 'The same as $replaceRoot, written {"$replaceWith": "$address"}',
    example: '{"$replaceWith": {"$mergeObjects": ["$customer", {"orderId": "$_id"}]}}',
    output: 'the fields of the new root only.',
  },
  {
    name: '$lookup',
    doc: 'Joins the documents of another collection of the same database into an array field',
    example: '{"$lookup": {"from": "customers", "localField": "customerId", "foreignField": "_id", "as": "customer"}}',
    output: 'every field, plus the "as" array of the joined documents.',
  },
  {
    name: '$sample',
    doc: 'Picks N documents at random: {"size": 100}',
    example: '{"$sample": {"size": 100}}',
    output: 'at most N documents, chosen at random.',
  },
  {
    name: '$out',
    doc: 'Writes the results into a collection of the same database, replacing what it holds (a write)',
    example: '{"$out": "revenueByRegion"}',
    output: 'nothing: the results are written. It must be the last stage; guardrails count it as a write.',
  },
  {
    name: '$merge',
    doc: 'Merges the results into a collection of the same database (a write), each into the document with its _id, or with the same values of the "on" fields (which need a unique index)',
    example: '{"$merge": {"into": "revenueByRegion", "whenMatched": "replace"}}',
    output: 'nothing: the results are written. It must be the last stage; guardrails count it as a write.',
  },
];

export function stageDoc(name: string): StageDoc | undefined {
  return STAGES.find((stage) => stage.name === name);
}
