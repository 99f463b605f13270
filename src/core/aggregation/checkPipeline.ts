import { isJsonObject } from '../json/lossless';
import type { JsonObject, JsonValue } from '../json/lossless';
import type { PipelineCheckOptions, PipelinePath, PipelineProblem } from './expressionChecker';
import { ExpressionChecker, STAGE_NAMES, WRITE_STAGES, numberOf, quoted, suggestion } from './expressionChecker';
import { JAVASCRIPT_OPERATORS } from './expressionDocs';
import { writeTargetOf } from './pipelineWrite';

export type { PipelineCheckOptions, PipelinePath, PipelineProblem };

/** Checks one pipeline (and the pipelines inside `$facet` and `$lookup`) without sending anything. */
class PipelineChecker extends ExpressionChecker {
  constructor(private readonly options: PipelineCheckOptions) {
    super();
  }

  pipeline(value: unknown, base: PipelinePath, nested: boolean): void {
    if (!Array.isArray(value)) {
      if (base.length === 0)
        this.problems.push({
          stage: 0,
          path: [],
          atKey: false,
          message: 'A pipeline is an array of stages, e.g. [{"$match": {…}}, {"$group": {…}}]',
        });
      else this.fail(base, 'A sub-pipeline must be an array of stages');
      return;
    }
    value.forEach((stage: JsonValue, index) => {
      if (base.length === 0) {
        this.stage = index;
        this.stageName = '';
      }
      this.stageOf(stage, [...base, index], nested, index === value.length - 1);
    });
  }

  private stageOf(stage: JsonValue, path: PipelinePath, nested: boolean, last: boolean): void {
    if (!isJsonObject(stage)) return this.fail(path, 'A stage must be an object with one key, the stage name, e.g. {"$match": {…}}');
    const keys = Object.keys(stage);
    if (keys.length !== 1) {
      const held =
        keys.length === 0 ? 'it is empty' : `it has ${keys.length} keys, ${keys.map(quoted).join(', ')}: put each in its own stage`;
      return this.fail(path, 'A stage must be an object with exactly one key, the stage name', held);
    }
    const name = keys[0]!;
    if (JAVASCRIPT_OPERATORS.has(name)) return this.javascript([...path, name]);
    if (!STAGE_NAMES.has(name))
      return this.fail(
        [...path, name],
        `Unknown stage ${quoted(name)}`,
        `a stage is one of ${[...STAGE_NAMES].join(', ')}${suggestion(name, STAGE_NAMES)}`,
        true,
      );
    if (path.length === 1) this.stageName = name;
    if (WRITE_STAGES.has(name)) {
      if (nested)
        return this.fail(
          [...path, name],
          `${name} cannot be inside $facet or $lookup`,
          'it writes, and only the last stage of the pipeline may',
          true,
        );
      if (!last) return this.fail([...path, name], `${name} must be the last stage`, 'it writes the results; nothing can follow it', true);
    }
    this.stageBody(name, stage[name]!, [...path, name]);
  }

  private stageBody(name: string, body: JsonValue, path: PipelinePath): void {
    switch (name) {
      case '$match':
        return this.objectOr(body, path, 'a query, e.g. {"status": "paid"}', () => this.selector(body as JsonObject, path, 0));
      case '$project':
        return this.objectOr(
          body,
          path,
          'fields to keep (1), drop (0) or compute, e.g. {"name": 1}',
          () => this.projection(body as JsonObject, path, 0),
          true,
        );
      case '$addFields':
      case '$set':
        return this.objectOr(
          body,
          path,
          'fields to add, e.g. {"total": {"$multiply": ["$price", "$qty"]}}',
          () => this.fieldExpressions(body as JsonObject, path),
          true,
        );
      case '$unset':
        return this.unset(body, path);
      case '$group':
        return this.group(body, path);
      case '$sort':
        return this.sort(body, path);
      case '$limit':
      case '$skip':
        return this.count(body, path, name === '$limit' ? 1 : 0);
      case '$unwind':
        return this.unwind(body, path);
      case '$count':
        return this.outputName(body, path, 'the name of the field that holds the count, e.g. "orders"');
      case '$facet':
        return this.facet(body, path);
      case '$bucket':
      case '$bucketAuto':
        return this.bucket(name, body, path);
      case '$sortByCount':
      case '$replaceWith':
        return this.expression(body, path, 0);
      case '$replaceRoot':
        return this.objectOr(body, path, '{"newRoot": <expression>}', () =>
          this.required(body as JsonObject, path, 'newRoot', (value, at) => this.expression(value, at, 0)),
        );
      case '$lookup':
        return this.lookup(body, path);
      case '$sample':
        return this.objectOr(body, path, '{"size": <number of documents>}', () =>
          this.required(body as JsonObject, path, 'size', (value, at) => this.count(value, at, 1)),
        );
      default:
        return this.write(name, body, path);
    }
  }

  private objectOr(body: JsonValue, path: PipelinePath, expected: string, check: () => void, nonEmpty = false): void {
    if (!isJsonObject(body)) return this.fail(path, `${this.stageName || 'This stage'} takes an object`, expected);
    if (nonEmpty && Object.keys(body).length === 0) return this.fail(path, `${this.stageName} is empty`, `give ${expected}`);
    check();
  }

  private required(body: JsonObject, path: PipelinePath, key: string, check: (value: JsonValue, at: PipelinePath) => void): void {
    if (body[key] === undefined) return this.fail(path, `Missing ${quoted(key)}`);
    check(body[key], [...path, key]);
  }

  private group(body: JsonValue, path: PipelinePath): void {
    if (!isJsonObject(body)) return this.fail(path, '$group takes an object', '{"_id": <group key>, "field": {"$sum": …}}');
    if (body._id === undefined)
      return this.fail(path, 'Missing "_id", the group key', 'e.g. "_id": "$region", or null for one group of all');
    this.expression(body._id, [...path, '_id'], 1);
    this.accumulators(body, path, ['_id']);
  }

  private bucket(name: string, body: JsonValue, path: PipelinePath): void {
    if (!isJsonObject(body)) return this.fail(path, `${name} takes an object`, '{"groupBy": "$field", …}');
    this.required(body, path, 'groupBy', (value, at) => this.expression(value, at, 1));
    if (name === '$bucket' && (!Array.isArray(body.boundaries) || body.boundaries.length < 2))
      this.fail([...path, 'boundaries'], '"boundaries" must be an array of at least two ascending values', 'e.g. [0, 100, 1000]');
    if (name === '$bucketAuto') this.required(body, path, 'buckets', (value, at) => this.count(value, at, 1));
    if (body.output !== undefined) {
      if (isJsonObject(body.output)) this.accumulators(body.output, [...path, 'output'], []);
      else this.fail([...path, 'output'], '"output" must be an object of accumulators');
    }
  }

  private sort(body: JsonValue, path: PipelinePath): void {
    if (!isJsonObject(body) || Object.keys(body).length === 0)
      return this.fail(path, '$sort takes an object of fields', 'e.g. {"total": -1}');
    for (const [key, direction] of Object.entries(body)) {
      const at = [...path, key];
      if (!this.fieldName(key, at)) continue;
      const value = numberOf(direction);
      if (value !== 1 && value !== -1 && !isJsonObject(direction))
        this.fail(at, `The direction of ${quoted(key)} must be 1 or -1`, '1 ascending, -1 descending');
    }
  }

  private count(body: JsonValue, path: PipelinePath, min: number): void {
    const value = numberOf(body);
    if (value === undefined || !Number.isSafeInteger(value) || value < min)
      this.fail(
        path,
        `${this.stageName} takes a whole number${min > 0 ? ' greater than 0' : ', 0 or more'}`,
        `e.g. {${quoted(this.stageName)}: 10}`,
      );
  }

  private unset(body: JsonValue, path: PipelinePath): void {
    const names = typeof body === 'string' ? [body] : Array.isArray(body) ? body : undefined;
    if (!names || names.length === 0)
      return this.fail(path, '$unset takes a field name or an array of them', 'e.g. ["password", "history"]');
    names.forEach((name, index) => {
      const at = Array.isArray(body) ? [...path, index] : path;
      if (typeof name !== 'string' || name === '' || name.startsWith('$'))
        this.fail(at, 'Each field $unset removes is a non-empty field name, without "$"');
      else this.fieldName(name, at);
    });
  }

  private unwind(body: JsonValue, path: PipelinePath): void {
    const fieldPath = isJsonObject(body) ? body.path : body;
    const at = isJsonObject(body) ? [...path, 'path'] : path;
    if (typeof fieldPath !== 'string' || !fieldPath.startsWith('$') || fieldPath.length < 2)
      return this.fail(at, '$unwind takes the array field as "$field"', 'e.g. {"$unwind": "$items"}');
    this.fieldName(fieldPath.slice(1), at);
  }

  private outputName(body: JsonValue, path: PipelinePath, meaning: string): void {
    if (typeof body !== 'string' || body === '' || body.startsWith('$') || body.includes('.'))
      return this.fail(path, `${this.stageName} takes a field name without "$" or "."`, meaning);
    this.fieldName(body, path);
  }

  private facet(body: JsonValue, path: PipelinePath): void {
    if (!isJsonObject(body) || Object.keys(body).length === 0)
      return this.fail(path, '$facet takes an object of named pipelines', 'e.g. {"top": [{"$limit": 3}]}');
    for (const [key, value] of Object.entries(body)) if (this.fieldName(key, [...path, key])) this.pipeline(value, [...path, key], true);
  }

  private lookup(body: JsonValue, path: PipelinePath): void {
    if (!isJsonObject(body)) return this.fail(path, '$lookup takes an object', '{"from": …, "localField": …, "foreignField": …, "as": …}');
    if (typeof body.from !== 'string' || body.from === '')
      return this.fail([...path, 'from'], '"from" must name a collection of the same database', 'a join never reaches another database');
    if (typeof body.as !== 'string' || body.as === '')
      return this.fail([...path, 'as'], '"as" must name the field that receives the joined documents');
    this.fieldName(body.as, [...path, 'as']);
    if (body.pipeline !== undefined) return this.pipeline(body.pipeline, [...path, 'pipeline'], true);
    for (const key of ['localField', 'foreignField'])
      if (typeof body[key] !== 'string') this.fail([...path, key], `${quoted(key)} must be a field name`, 'or give a "pipeline" instead');
  }

  private write(name: string, body: JsonValue, path: PipelinePath): void {
    const target = writeTargetOf(name, body);
    if (!target)
      return this.fail(
        path,
        `${name} takes the name of a collection of the same database`,
        name === '$out' ? 'e.g. {"$out": "summary"}' : 'e.g. {"$merge": {"into": "summary"}}',
      );
    if (target.db !== undefined && this.options.database !== undefined && target.db !== this.options.database)
      this.fail(
        path,
        `${name} writes into another database (${target.db})`,
        `a pipeline writes only into its own database, ${this.options.database}`,
      );
  }
}

/** Every problem of a pipeline, in stage order; empty when it can be sent. */
export function checkPipeline(pipeline: unknown, options: PipelineCheckOptions = {}): PipelineProblem[] {
  const checker = new PipelineChecker(options);
  checker.pipeline(pipeline as JsonValue, [], false);
  return checker.problems;
}
