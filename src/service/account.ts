import type { Placement } from './catalog/placement';
import { placementOf } from './catalog/placement';
import type { Plan } from './catalog/plans';
import { findPlan, plansFor } from './catalog/plans';
import { InProgressOperations } from './activity/inProgress';
import { SlowQueryLog } from './activity/slowQueryLog';
import { OperationLog } from './operationLog';
import type { AccountDataStore } from './store/accountDataStore';

export interface DeploymentInfo {
  name: string;
  members: string[];
  databases: string[];
  plan: Plan;
}

/** One account: its data, whether it has payment information, its plans, deployments and their logs. */
export class Account {
  readonly operations = new OperationLog();
  readonly inProgress = new InProgressOperations();
  readonly slowQueries = new SlowQueryLog();

  constructor(
    /** A keyed hash of the key: names the account's directory and its custom deploy, never the key itself. */
    readonly tag: string,
    readonly store: AccountDataStore,
    readonly hasPayment: boolean,
  ) {}

  get state() {
    return this.store.state;
  }

  plans(): Plan[] {
    return plansFor(this.tag);
  }

  plan(slug: string): Plan | undefined {
    return findPlan(this.tag, slug);
  }

  placement(database: string): Placement | undefined {
    const data = this.state.databases.get(database);
    const plan = data && this.plan(data.slug);
    return plan && placementOf(plan, database, this.tag);
  }

  deployments(): DeploymentInfo[] {
    const byName = new Map<string, DeploymentInfo>();
    for (const database of this.state.databases.values()) {
      const plan = this.plan(database.slug);
      const deployment = plan && placementOf(plan, database.name, this.tag).deployment;
      if (!plan || !deployment) continue;
      const known = byName.get(deployment.name);
      if (known) known.databases.push(database.name);
      else byName.set(deployment.name, { name: deployment.name, members: deployment.members, databases: [database.name], plan });
    }
    return [...byName.values()];
  }

  /** Writes a line into the log of the deployment holding `database`, if it has one. */
  logOperation(database: string, thread: string, text: string, write: boolean): void {
    const deployment = this.placement(database)?.deployment;
    if (deployment) this.operations.record(deployment.members, thread, text, write);
  }
}
