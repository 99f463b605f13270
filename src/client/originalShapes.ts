import { LosslessNumber, isJsonObject } from '../core/json/lossless';
import type { JsonObject, JsonValue } from '../core/json/lossless';
import type { CopyDatabaseAnswer, DatabaseUserRecord, DeploymentStatistics, StatisticsSample } from './originalTypes';
import { UnexpectedShape, describeJson, toObject } from './responseShapes';

const numberOf = (value: JsonValue | undefined): number | undefined => {
  if (typeof value === 'number') return value;
  if (value instanceof LosslessNumber && Number.isFinite(Number(value.text))) return Number(value.text);
  return undefined;
};

function objectList(value: JsonValue | undefined, what: string): JsonObject[] {
  if (!Array.isArray(value)) throw new UnexpectedShape(`expected a list of ${what}, got ${describeJson(value)}`);
  return value.map((item, index) => {
    if (!isJsonObject(item)) throw new UnexpectedShape(`item ${index + 1} of the ${what} is ${describeJson(item)}, not an object`);
    return item;
  });
}

/** Users as `[{user, readOnly}]`; a plain name becomes `{user: name}`. */
export function toUsers(value: JsonValue | undefined): DatabaseUserRecord[] {
  if (!Array.isArray(value)) throw new UnexpectedShape(`expected a list of users, got ${describeJson(value)}`);
  return value.map((item) => {
    if (typeof item === 'string') return { user: item };
    if (!isJsonObject(item)) throw new UnexpectedShape(`expected users as objects, got ${describeJson(item)}`);
    const name = item.user ?? item.name;
    if (typeof name !== 'string') throw new UnexpectedShape('a user without a "user" name');
    const record: DatabaseUserRecord = { ...item, user: name };
    if (typeof item.readOnly === 'boolean') record.readOnly = item.readOnly;
    return record;
  });
}

export function toCopyAnswer(value: JsonValue | undefined): CopyDatabaseAnswer {
  const answer = toObject(value, 'the copy answer');
  const copy = answer.copy === true || numberOf(answer.copy) === 1;
  const result: CopyDatabaseAnswer = { ...answer, copy };
  if (typeof answer.error === 'string') result.error = answer.error;
  return result;
}

function toSample(value: JsonValue, what: string): StatisticsSample {
  const sample = toObject(value, what);
  return { time: numberOf(sample.time) ?? 0, members: objectList(sample.members, 'members') };
}

/** `{time, members, samples?}`; without `samples` the one sample is the series. */
export function toDeploymentStatistics(value: JsonValue | undefined): DeploymentStatistics {
  const latest = toSample(value ?? null, 'the deployment statistics');
  const raw = (value as JsonObject).samples;
  const samples = Array.isArray(raw) ? raw.map((item) => toSample(item, 'a statistics sample')) : [latest];
  return { ...latest, samples };
}

/** Current operations as `{inprog: [...]}` or a bare list. */
export function toOperations(value: JsonValue | undefined): JsonObject[] {
  if (isJsonObject(value) && 'inprog' in value) return objectList(value.inprog, 'operations');
  return objectList(value, 'operations');
}

export const toSlowQueries = (value: JsonValue | undefined): JsonObject[] => objectList(value, 'slow queries');

/** One slow query: an object, or a list of one as the original's clients read it. */
export function toSlowQuery(value: JsonValue | undefined): JsonObject {
  if (Array.isArray(value)) {
    if (value.length !== 1) throw new UnexpectedShape(`expected one slow query, got a list of ${value.length}`);
    return toObject(value[0], 'the slow query');
  }
  return toObject(value, 'the slow query');
}
