import type { DatabaseRecord, PlanRecord } from '../api/types';

export function isFreePlan(plan: PlanRecord): boolean {
  return plan.price === 0 || plan.slug === 'sandbox';
}

/** Databases on a free plan, matched by slug or by the plan's display name (the original sent only the name). */
export function countFreeDatabases(databases: readonly DatabaseRecord[], plans: readonly PlanRecord[]): number {
  const free = plans.filter(isFreePlan);
  const slugs = new Set(['sandbox', ...free.map((plan) => plan.slug)]);
  const names = new Set(free.map((plan) => plan.name).filter((name): name is string => typeof name === 'string'));
  return databases.filter(
    (db) => (typeof db.slug === 'string' && slugs.has(db.slug)) || (typeof db.plan === 'string' && names.has(db.plan)),
  ).length;
}
