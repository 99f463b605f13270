import * as accumulatorOperators from 'mingo/operators/accumulator';
import * as expressionOperators from 'mingo/operators/expression';
import * as projectionOperators from 'mingo/operators/projection';
import * as queryOperators from 'mingo/operators/query';

/** The stages a pipeline may hold; `$out` and `$merge` only last. */
export const ALLOWED_STAGES: ReadonlySet<string> = new Set([
  '$match',
  '$project',
  '$addFields',
  '$set',
  '$unset',
  '$group',
  '$sort',
  '$limit',
  '$skip',
  '$unwind',
  '$count',
  '$facet',
  '$bucket',
  '$bucketAuto',
  '$sortByCount',
  '$replaceRoot',
  '$replaceWith',
  '$lookup',
  '$sample',
  '$out',
  '$merge',
]);

/** Operators that run JavaScript sent with the request, or need what the service does not have: never. */
export const REFUSED_OPERATORS: ReadonlyMap<string, string> = new Map([
  ['$where', 'it runs JavaScript sent with the request; the local service does not run scripts'],
  ['$function', 'it runs JavaScript sent with the request; the local service does not run scripts'],
  ['$accumulator', 'it runs JavaScript sent with the request; the local service does not run scripts'],
  ['$jsonSchema', 'schema validation is not available in pipelines of the local service'],
]);

/**
 * The expression, accumulator, query and projection operators a stage may use: those the query engine
 * implements, without the refused ones.
 */
export const ALLOWED_OPERATORS: ReadonlySet<string> = new Set(
  [accumulatorOperators, expressionOperators, projectionOperators, queryOperators]
    .flatMap((operators) => Object.keys(operators))
    .filter((name) => !REFUSED_OPERATORS.has(name))
    // The options of `$regex` in a query.
    .concat('$options'),
);

/** Stages that write: the last stage only, never inside `$facet` or a `$lookup` pipeline. */
export const WRITE_STAGES: ReadonlySet<string> = new Set(['$out', '$merge']);
