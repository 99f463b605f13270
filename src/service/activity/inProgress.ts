import type { OperationDescription } from './operationDescription';

export interface RunningOperation {
  opid: number;
  startedAt: number;
  thread: string;
  description: OperationDescription;
  /** How far a long operation (an index build) is, read each time the operations are listed. */
  progress?: () => { done: number; total: number };
}

/** The database's currentOp message of a build: `Index Build: 500/1000 50%`. */
export function progressMessage(done: number, total: number): string {
  const percent = total === 0 ? 100 : Math.floor((done / total) * 100);
  return `Index Build: ${done}/${total} ${percent}%`;
}

/** The operations of one account that the service is performing right now. */
export class InProgressOperations {
  private readonly running = new Set<RunningOperation>();
  private nextId = 1;

  start(description: OperationDescription, thread: string, progress?: RunningOperation['progress']): RunningOperation {
    const operation: RunningOperation = { opid: this.nextId++, startedAt: Date.now(), thread, description, progress };
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
      .map(({ opid, startedAt, thread, description, progress }) => ({
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
        ...(progress ? progressFields(progress()) : {}),
      }));
  }
}

function progressFields({ done, total }: { done: number; total: number }): Record<string, unknown> {
  return { msg: progressMessage(done, total), progress: { done, total } };
}
