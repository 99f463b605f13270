/** How databases on a plan are hosted, which decides whether they have a deployment. */
export type Hosting = 'shared' | 'sharedServer' | 'replicaSet';

export interface Plan {
  name: string;
  slug: string;
  price: number;
  type: 'hosted' | 'dedicated' | 'custom';
  hosting: Hosting;
}

const FIXED_PLANS: Plan[] = [
  { name: 'Sandbox', slug: 'sandbox', price: 0, type: 'hosted', hosting: 'shared' },
  { name: 'Micro', slug: 'micro', price: 5, type: 'hosted', hosting: 'shared' },
  { name: 'Small', slug: 'small', price: 15, type: 'hosted', hosting: 'shared' },
  { name: 'Medium', slug: 'medium', price: 50, type: 'hosted', hosting: 'sharedServer' },
  { name: 'Large', slug: 'large', price: 100, type: 'hosted', hosting: 'sharedServer' },
  { name: 'Dedicated Replica Set S', slug: 'dedicated-small', price: 300, type: 'dedicated', hosting: 'replicaSet' },
  { name: 'Dedicated Replica Set L', slug: 'dedicated-large', price: 900, type: 'dedicated', hosting: 'replicaSet' },
];

/** Each account has one custom deploy of its own; its slug is derived from the account's tag (a keyed hash, never the key). */
export function customPlanFor(accountTag: string): Plan {
  const suffix = accountTag.slice(0, 6);
  return { name: `Custom Deploy ${suffix}`, slug: `custom-${suffix}`, price: 750, type: 'custom', hosting: 'replicaSet' };
}

export function plansFor(accountTag: string): Plan[] {
  return [...FIXED_PLANS, customPlanFor(accountTag)];
}

export function findPlan(accountTag: string, slug: string): Plan | undefined {
  return plansFor(accountTag).find((plan) => plan.slug === slug);
}

export const isFree = (plan: Plan | undefined): boolean => plan !== undefined && plan.price === 0;

export function planRecord(plan: Plan): { name: string; slug: string; price: number; type: string; shared: boolean } {
  return { name: plan.name, slug: plan.slug, price: plan.price, type: plan.type, shared: plan.hosting !== 'replicaSet' };
}
