import type { StorePlan } from '../accountStore';

/** One node of PostgreSQL's `EXPLAIN (ANALYZE, FORMAT JSON)`, as far as read here. */
interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Index Cond'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  Plans?: PlanNode[];
}

const PRIMARY_KEY = 'dbhost_documents_pkey';
const INDEX_NODES = new Set(['Index Scan', 'Index Only Scan', 'Bitmap Index Scan']);
const ROW_NODES = new Set(['Seq Scan', 'Index Scan', 'Index Only Scan', 'Bitmap Heap Scan']);

function nodes(node: PlanNode): PlanNode[] {
  return [node, ...(node.Plans ?? []).flatMap(nodes)];
}

const times = (node: PlanNode, rows: number | undefined): number => (rows ?? 0) * (node['Actual Loops'] ?? 1);

/**
 * The plan of the statement PostgreSQL ran, in explain's terms: IXSCAN when it walked an index made for one of
 * the interface's (`ours` maps their PostgreSQL names to theirs), IDHACK when it found the document by its key,
 * otherwise COLLSCAN (the collection's rows in natural order, or every row). Keys examined are the entries the
 * index scans gave (rows an index-condition recheck removed included), documents examined the rows read.
 */
export function storePlan(root: PlanNode, ours: Map<string, string>, exact: boolean): StorePlan {
  const all = nodes(root);
  const walked = all.find((node) => node['Index Name'] !== undefined && ours.has(node['Index Name']));
  const byKey = all.find((node) => node['Index Name'] === PRIMARY_KEY && /\bid\b/.test(node['Index Cond'] ?? ''));
  const stage = walked ? 'IXSCAN' : byKey ? 'IDHACK' : 'COLLSCAN';
  const indexNodes = all.filter((node) => INDEX_NODES.has(node['Node Type']) && (!walked || ours.has(node['Index Name'] ?? '')));
  const keysExamined = stage === 'COLLSCAN' ? 0 : indexNodes.reduce((sum, node) => sum + times(node, node['Actual Rows']), 0);
  const docsExamined = all
    .filter((node) => ROW_NODES.has(node['Node Type']))
    .reduce(
      (sum, node) =>
        sum +
        times(node, node['Actual Rows']) +
        times(node, node['Rows Removed by Filter']) +
        times(node, node['Rows Removed by Index Recheck']),
      0,
    );
  const shown = walked ?? byKey;
  return {
    stage,
    ...(walked ? { index: ours.get(walked['Index Name']!) } : {}),
    ...(shown?.['Index Cond'] ? { condition: shown['Index Cond'] } : {}),
    keysExamined,
    docsExamined,
    exact,
    steps: all.map((node) =>
      node['Index Name'] ? `${node['Node Type']} on ${ours.get(node['Index Name']) ?? node['Index Name']}` : node['Node Type'],
    ),
  };
}

export type { PlanNode };
