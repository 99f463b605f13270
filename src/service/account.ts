import type { Placement } from './catalog/placement';
import { placementOf } from './catalog/placement';
import type { Plan } from './catalog/plans';
import { findPlan, plansFor } from './catalog/plans';
import { InProgressOperations } from './activity/inProgress';
import { SlowQueryLog } from './activity/slowQueryLog';
import { OperationLog } from './operationLog';
import type { AccountStore } from './store/accountStore';

export interface DeploymentInfo {
  name: string;
  members: string[];
  databases: string[];
  plan: Plan;
}

/** Databases whose placement an account keeps at hand; past this many the kept ones are dropped and found again. */
const KEPT_PLACEMENTS = 1000;

function frozenPlacement(placement: Placement | undefined): Placement | undefined {
  if (placement?.deployment) Object.freeze(Object.freeze(placement.deployment).members);
  return placement && Object.freeze(placement);
}

/** One account: its data, whether it has payment information, its plans, deployments and their logs. */
export class Account {
  readonly operations = new OperationLog();
  readonly inProgress = new InProgressOperations();
  readonly slowQueries = new SlowQueryLog();
  /** Each database's placement under the plan it had when it was found: every logged operation asks for it. */
  private readonly placements = new Map<string, { slug: string; placement: Placement | undefined }>();

  constructor(
    /** A keyed hash of the key: names the account's directory and its custom deploy, never the key itself. */
    readonly tag: string,
    readonly store: AccountStore,
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
    if (!data) return undefined;
    const kept = this.placements.get(database);
    if (kept && kept.slug === data.slug) return kept.placement;
    const plan = this.plan(data.slug);
    const placement = frozenPlacement(plan && placementOf(plan, database, this.tag));
    if (this.placements.size >= KEPT_PLACEMENTS) this.placements.clear();
    this.placements.set(database, { slug: data.slug, placement });
    return placement;
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

  /** Writes a line into the log of the deployment holding `database`, if it has one; a function gives the text only then. */
  logOperation(database: string, thread: string, text: string | (() => string), write: boolean): void {
    const deployment = this.placement(database)?.deployment;
    if (deployment) this.operations.record(deployment.members, thread, typeof text === 'string' ? text : text(), write);
  }
}
