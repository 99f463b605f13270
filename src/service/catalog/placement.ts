import type { Plan } from './plans';

export interface Placement {
  hostname: string;
  port: number;
  shared: boolean;
  /** Present for larger shared, dedicated and custom plans. */
  deployment?: { name: string; members: string[] };
}

function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/**
 * Where a database lives. Derived from the account's tag, the plan and the database name alone, so it
 * is the same after every restart. Larger shared plans put all the account's databases of that plan
 * on one server (named host:port); dedicated plans give each database its own replica set, and a
 * custom deploy is one replica set for all the databases on it (both named by the set's suffix).
 */
export function placementOf(plan: Plan, database: string, accountTag: string): Placement {
  if (plan.hosting === 'shared') {
    const hash = fnv1a(`${accountTag}:${database}`);
    return { hostname: `${plan.slug}-${1 + (hash % 8)}.example.net`, port: 27017 + (hash % 1000), shared: true };
  }
  if (plan.hosting === 'sharedServer') {
    const hash = fnv1a(`${accountTag}:${plan.slug}`);
    const hostname = `db-${1 + (hash % 9)}.example.net`;
    const port = 10000 + (hash % 1000);
    return { hostname, port, shared: true, deployment: { name: `${hostname}:${port}`, members: [`${hostname}:${port}`] } };
  }
  const suffix = plan.type === 'custom' ? plan.slug : `set-${fnv1a(`${accountTag}:${database}`).toString(16).padStart(8, '0')}`;
  // Members are named as the original named them (`node0.<set>…`), each set on a port of its own, so that
  // the name clients derive from a database's hostname and port finds one deployment (deploymentNames.ts).
  const port = 27017 + (fnv1a(`${accountTag}:${suffix}`) % 1000);
  const members = [0, 1, 2].map((n) => `node${n}.${suffix}.example.net:${port}`);
  return { hostname: `node0.${suffix}.example.net`, port, shared: false, deployment: { name: suffix, members } };
}
