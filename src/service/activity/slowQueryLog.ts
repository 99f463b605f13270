import type { Doc } from '../bson/extendedJson';
import { ObjectId } from '../bson/objectId';
import type { OperationDescription } from './operationDescription';

export const DEFAULT_SLOW_QUERY_MS = 100;

/** How a query ran, for its slow query entry: the plan's summary and what it examined. */
export interface PlanNote {
  planSummary: string;
  keysExamined: number;
  docsExamined: number;
  nreturned: number;
}

const planNotes = new WeakMap<object, PlanNote>();

/** A handler notes how its request's query ran; the slow query log reads it when the request ends. */
export function notePlan(request: object, note: PlanNote): void {
  planNotes.set(request, note);
}

export function planNoteOf(request: object): PlanNote | undefined {
  return planNotes.get(request);
}
const KEPT_PER_DATABASE = 500;

/** One slow operation, in the shape of the database's profiler entries. */
export interface SlowQuery extends Doc {
  _id: ObjectId;
  ts: Date;
  op: string;
  ns: string;
  millis: number;
  client: string;
  user: string;
  thread: string;
}

/** The operations of one account that took at least `thresholdMs`, newest last, the latest 500 per database. */
export class SlowQueryLog {
  thresholdMs = DEFAULT_SLOW_QUERY_MS;
  private readonly byDatabase = new Map<string, SlowQuery[]>();

  consider(description: OperationDescription, millis: number, thread: string, at = new Date(), plan?: PlanNote): void {
    if (millis < this.thresholdMs) return;
    const { db, op, ns, query, orderby, updateobj, ntoskip, ntoreturn } = description;
    const entry: SlowQuery = {
      _id: ObjectId.generate(),
      ts: at,
      op,
      ns,
      millis: Math.round(millis),
      client: '127.0.0.1',
      user: '',
      thread,
    };
    if (query) entry.query = query;
    if (orderby) entry.orderby = orderby;
    if (updateobj) entry.updateobj = updateobj;
    if (ntoskip !== undefined) entry.ntoskip = ntoskip;
    if (ntoreturn !== undefined) entry.ntoreturn = ntoreturn;
    if (plan) Object.assign(entry, plan);
    let entries = this.byDatabase.get(db);
    if (!entries) this.byDatabase.set(db, (entries = []));
    entries.push(entry);
    if (entries.length > KEPT_PER_DATABASE) entries.splice(0, entries.length - KEPT_PER_DATABASE);
  }

  of(db: string): SlowQuery[] {
    return this.byDatabase.get(db) ?? [];
  }

  find(db: string, id: string): SlowQuery | undefined {
    return this.of(db).find((entry) => entry._id.hex === id.toLowerCase());
  }

  /** A dropped database's log goes with it. */
  forget(db: string): void {
    this.byDatabase.delete(db);
  }
}
