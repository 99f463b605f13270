import type { CollectionSchema, FieldSchema } from '../schema/inferSchema';
import { describeField, describePresence } from '../schema/schemaText';
import type { PlaygroundPlace } from './completionPlace';
import type { OperatorDoc } from './operatorDocs';
import { FIELD_OPERATORS, LOGICAL_OPERATORS, UPDATE_OPERATORS } from './operatorDocs';
import type { SourceRange } from './playgroundRequest';
import { pipelineItems } from './pipelineCompletions';

export type CompletionKind = 'field' | 'operator' | 'database' | 'collection';

export interface PlaygroundCompletion {
  label: string;
  kind: CompletionKind;
  /** Shown beside the label: a field's types, an operator's one line of documentation. */
  detail: string;
  /** Longer text: where a field appears, how an operator is written. */
  documentation?: string;
  insertText: string;
  /** What the editor filters on: starts with a quote when the text replaced does. */
  filterText: string;
  range: SourceRange;
  /** Keeps the order given: fields as sampled first, then operators. */
  sortText: string;
}

/** What the extension found out for a place: the collection's schema, the database and collection names. */
export interface CompletionData {
  schema?: CollectionSchema;
  databases?: readonly string[];
  collections?: readonly string[];
}

/** The completions at a place in a playground, from what is known of the data. */
export function completionsAt(at: PlaygroundPlace, data: CompletionData): PlaygroundCompletion[] {
  const items: Omit<PlaygroundCompletion, 'insertText' | 'filterText' | 'range' | 'sortText'>[] = [];
  const fields = (prefix: string) => {
    const schema = data.schema;
    if (!schema) return;
    for (const field of schema.fields) {
      if (field.path.startsWith(prefix) && field.path.length > prefix.length)
        items.push(fieldItem(field, field.path.slice(prefix.length), schema));
    }
  };
  const operators = (list: readonly OperatorDoc[]) =>
    items.push(...list.map((operator) => ({ label: operator.name, kind: 'operator' as const, detail: operator.doc })));

  const place = at.place;
  switch (place.kind) {
    case 'selectorKey':
      fields(place.prefix);
      operators(LOGICAL_OPERATORS);
      if (place.inElemMatch) operators(FIELD_OPERATORS);
      break;
    case 'fieldOperator':
      operators(FIELD_OPERATORS);
      break;
    case 'fieldKey':
    case 'fieldValue':
      fields('');
      break;
    case 'updateOperator':
      operators(UPDATE_OPERATORS);
      break;
    case 'pipeline':
      items.push(...pipelineItems(place, data.schema));
      break;
    case 'database':
      items.push(...(data.databases ?? []).map((name) => ({ label: name, kind: 'database' as const, detail: 'database' })));
      break;
    case 'collection':
      items.push(
        ...(data.collections ?? []).map((name) => ({
          label: name,
          kind: 'collection' as const,
          detail: place.database ? `collection of ${place.database}` : 'collection',
        })),
      );
      break;
  }
  return items.map((item, index) => {
    const insertText = JSON.stringify(item.label);
    return {
      ...item,
      insertText,
      filterText: at.quoted ? insertText : item.label,
      range: at.replace,
      sortText: String(index).padStart(5, '0'),
    };
  });
}

function fieldItem(field: FieldSchema, label: string, schema: CollectionSchema) {
  return {
    label,
    kind: 'field' as const,
    detail: describeField(field),
    documentation: `${field.path}: ${describeField(field)}, ${describePresence(field, schema)}`,
  };
}
