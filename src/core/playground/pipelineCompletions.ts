import { ACCUMULATORS, EXPRESSION_OPERATORS } from '../aggregation/expressionDocs';
import { fieldsAfter } from '../aggregation/pipelineFields';
import { STAGES } from '../aggregation/stageDocs';
import type { CollectionSchema } from '../schema/inferSchema';
import { describeField, describePresence } from '../schema/schemaText';
import type { CompletionKind } from './completionItems';
import { FIELD_OPERATORS, LOGICAL_OPERATORS } from './operatorDocs';
import type { OperatorDoc } from './operatorDocs';
import type { PipelinePlace } from './pipelinePlace';

interface Item {
  label: string;
  kind: CompletionKind;
  detail: string;
  documentation?: string;
}

const operators = (list: readonly OperatorDoc[]): Item[] =>
  list.map((entry) => ({ label: entry.name, kind: 'operator', detail: entry.doc }));

/** The fields that reach the stage: sampled ones with their types, and those earlier stages make, saying which. */
function fieldItems(place: PipelinePlace, schema: CollectionSchema | undefined, prefix: string, dollar: boolean): Item[] {
  const sampled = new Map((schema?.fields ?? []).map((field) => [field.path, field]));
  return fieldsAfter([...sampled.keys()], place.before)
    .filter((field) => field.path.startsWith(prefix) && field.path.length > prefix.length)
    .map((field) => {
      const label = `${dollar ? '$' : ''}${field.path.slice(prefix.length)}`;
      const seen = field.madeBy === undefined ? sampled.get(field.path) : undefined;
      if (seen && schema)
        return {
          label,
          kind: 'field',
          detail: describeField(seen),
          documentation: `${field.path}: ${describeField(seen)}, ${describePresence(seen, schema)}`,
        };
      const madeBy = field.madeBy === undefined ? 'in the collection' : `made by stage ${field.madeBy + 1} (${field.stageName})`;
      return { label, kind: 'field', detail: madeBy, documentation: `${field.path}: ${madeBy}` };
    });
}

/** The completions inside a pipeline, from what is known of the collection's fields. */
export function pipelineItems(place: PipelinePlace, schema: CollectionSchema | undefined): Item[] {
  const slot = place.slot;
  switch (slot.kind) {
    case 'stageName':
      return STAGES.map((stage) => ({
        label: stage.name,
        kind: 'operator',
        detail: stage.doc,
        documentation: `${stage.example}\n\nAfter it: ${stage.output}`,
      }));
    case 'field':
      return [
        ...fieldItems(place, schema, slot.prefix, false),
        ...(slot.logical
          ? operators([
              ...LOGICAL_OPERATORS,
              { name: '$expr', doc: 'Matches with an aggregation expression: {"$expr": {"$gt": ["$spent", "$budget"]}}' },
            ])
          : []),
      ];
    case 'queryOperator':
      return operators(FIELD_OPERATORS);
    case 'fieldReference':
      return fieldItems(place, schema, '', true);
    case 'accumulator':
      return operators(ACCUMULATORS);
    case 'expressionOperator':
      return operators(EXPRESSION_OPERATORS);
  }
}
