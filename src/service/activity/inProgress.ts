import type { OperationDescription } from './operationDescription';

export interface RunningOperation {
  opid: number;
  startedAt: number;
  thread: string;
  description: OperationDescription;
}

/** The operations of one account that the service is performing right now. */
export class InProgressOperations {
  private readonly running = new Set<RunningOperation>();
  private nextId = 1;

  start(description: OperationDescription, thread: string): RunningOperation {
    const operation = { opid: this.nextId++, startedAt: Date.now(), thread, description };
    this.running.add(operation);
    return operation;
  }

  finish(operation: RunningOperation): void {
    this.running.delete(operation);
  }

  /** As the database's currentOp lists them, for one database. */
  on(db: string, now = Date.now()): Record<string, unknown>[] {
    return [...this.running]
      .filter((operation) => operation.description.db === db)
      .map(({ opid, startedAt, thread, description }) => ({
        opid,
        active: true,
        secs_running: Math.floor((now - startedAt) / 1000),
        microsecs_running: (now - startedAt) * 1000,
        op: description.op,
        ns: description.ns,
        query: description.query ?? {},
        client: '127.0.0.1',
        desc: thread,
        threadId: thread,
        waitingForLock: false,
        numYields: 0,
      }));
  }
}
