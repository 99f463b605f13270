import type { Node } from 'jsonc-parser';
import type { JsonObject, JsonValue } from '../json/lossless';
import { parseLossless } from '../json/lossless';

/**
 * The value of a parsed node with numbers kept exactly as the user wrote them (jsonc-parser's own
 * values go through `Number`, which would turn 9007199254740993 into 9007199254740992).
 */
export function jsonNodeValue(node: Node, text: string): JsonValue {
  switch (node.type) {
    case 'object': {
      const result: JsonObject = {};
      for (const property of node.children ?? []) {
        const [key, value] = property.children ?? [];
        if (key && value) result[key.value as string] = jsonNodeValue(value, text);
      }
      return result;
    }
    case 'array':
      return (node.children ?? []).map((child) => jsonNodeValue(child, text));
    case 'number':
      return parseLossless(text.slice(node.offset, node.offset + node.length));
    case 'string':
    case 'boolean':
      return node.value as string | boolean;
    default:
      return null;
  }
}
