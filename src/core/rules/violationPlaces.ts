import type { Node, Segment } from 'jsonc-parser';
import { findNodeAtLocation, parseTree } from 'jsonc-parser';

/** A stretch of a document's text. */
export interface TextRange {
  offset: number;
  length: number;
}

const INDEX = /^(0|[1-9]\d*)$/;

/** The document's tree, or undefined when the text is not one JSON object. */
export function documentTree(text: string): Node | undefined {
  const root = parseTree(text, [], { disallowComments: true });
  return root?.type === 'object' ? root : undefined;
}

/** A checker's dotted path as jsonc-parser's segments: a number where the value above is an array. */
export function segmentsOf(root: Node, path: string): Segment[] {
  if (path === '') return [];
  const segments: Segment[] = [];
  let node: Node | undefined = root;
  for (const part of path.split('.')) {
    const segment: Segment = node?.type === 'array' && INDEX.test(part) ? Number(part) : part;
    segments.push(segment);
    node = node ? findNodeAtLocation(node, [segment]) : undefined;
  }
  return segments;
}

/**
 * Where a violation at `path` is shown: the value at the path; for a missing field, the name of the object that
 * should hold it (its opening brace for the document itself). Undefined when the text is not a JSON object.
 */
export function violationRange(text: string, path: string): TextRange | undefined {
  const root = documentTree(text);
  if (!root) return undefined;
  const segments = segmentsOf(root, path);
  for (let length = segments.length; length >= 0; length--) {
    const node = findNodeAtLocation(root, segments.slice(0, length));
    if (!node) continue;
    if (length === segments.length && length > 0) return { offset: node.offset, length: node.length };
    const key = node.parent?.type === 'property' ? node.parent.children?.[0] : undefined;
    return key ? { offset: key.offset, length: key.length } : { offset: node.offset, length: 1 };
  }
  return { offset: root.offset, length: 1 };
}
