import type { IndexDefinition } from '../api/types';

/** The definition as the JSON body the service is sent, pretty-printed for editing. */
export function formatIndexBody(definition: IndexDefinition): string {
  return `${JSON.stringify(definition, null, 2)}\n`;
}
