import type { JsonValue } from '../../core/json/lossless';
import type { RowChange, RowOperation, RowScope } from '../../core/table/rowChange';
import { NO_ID_KEY, fieldProblem, parseFieldValue, parseUpdateDocument } from '../../core/table/rowChange';
import { parseFilter } from '../../core/table/viewState';
import { countOf } from '../../core/text/formatCount';
import { required } from '../base/registerCommand';
import type { Services } from '../services';
import { bulkChangesBundle } from '../kit/lazy/loadBulkChanges';
import type { TableSession } from './tableSession';

/*
 * Change Rows… in a collection view asks with VS Code's own quick pick and input boxes (keyboard and screen
 * readers as everywhere in VS Code): which documents, what change, its field and value. Nothing is sent:
 * the change is staged, and reviewed and saved with the view's other edits.
 * The picks stay open when focus goes back to the view's page meanwhile (a webview takes focus asynchronously).
 */

type Operation = RowOperation['op'];

async function askScope(services: Services, session: TableSession, keys: string[], title: string): Promise<RowScope> {
  const { filter } = session.state;
  const filterError = parseFilter(filter).error;
  const items: { label: string; description?: string; detail?: string; value: RowScope }[] = [];
  if (keys.length > 0) {
    items.push({
      label: `The ${countOf(keys.length, 'selected row')}`,
      description: 'found by _id',
      value: { kind: 'ids', keys },
    });
  }
  if (!filterError) {
    const total = session.total === undefined ? '' : `${countOf(session.total, 'document')} match now`;
    items.push({
      label: filter.trim() === '' ? 'Every document of the collection' : 'Every document the filter matches',
      description: filter.trim() === '' ? 'the view has no filter' : filter.trim(),
      detail: total,
      value: { kind: 'filter', filter },
    });
  }
  if (items.length === 0) throw new Error(`${filterError}. Select rows, or fix the filter, to change several rows at once.`);
  return required(await services.prompts.pick(items, { title, placeHolder: 'Which documents to change', ignoreFocusOut: true }));
}

async function askField(services: Services, title: string, prompt: string): Promise<string> {
  return required(
    await services.prompts.input({
      title,
      prompt,
      placeHolder: 'field, or a.b.c for a nested one',
      validateInput: (text) => fieldProblem(text.trim()),
    }),
  ).trim();
}

async function askOperation(services: Services, title: string): Promise<RowOperation> {
  const op = required(
    await services.prompts.pick<Operation>(
      [
        { label: 'Set a field…', description: '$set: the same value in every document', value: 'set' },
        { label: 'Unset a field…', description: '$unset: remove the field', value: 'unset' },
        { label: 'Rename a field…', description: '$rename', value: 'rename' },
        { label: 'Apply an update document…', description: 'any update operators, e.g. $inc, $push', value: 'update' },
      ],
      { title, placeHolder: 'What to change', ignoreFocusOut: true },
    ),
  );
  if (op === 'update') {
    const text = required(
      await services.prompts.input({
        title,
        prompt: 'The update, with operators, e.g. {"$inc": {"stock": -1}, "$set": {"checked": true}}',
        validateInput: (value) => parseUpdateDocument(value).error,
      }),
    );
    return { op, object: parseUpdateDocument(text).object! };
  }
  const field = await askField(
    services,
    title,
    op === 'set' ? 'The field to set' : op === 'unset' ? 'The field to remove' : 'The field to rename',
  );
  if (op === 'unset') return { op, field };
  if (op === 'rename') {
    const to = required(
      await services.prompts.input({
        title,
        prompt: `The new name of ${field}`,
        validateInput: (text) => fieldProblem(text.trim()) ?? (text.trim() === field ? 'That is its name now.' : undefined),
      }),
    ).trim();
    return { op, field, to };
  }
  const text = required(
    await services.prompts.input({
      title,
      prompt: `The value of ${field}, as JSON: "text", 42, true, null, {"$date": "2026-01-31T00:00:00Z"}, {"$numberLong": "9007199254740993"}`,
      validateInput: (value) => parseFieldValue(value).error,
    }),
  );
  return { op, field, value: parseFieldValue(text).value as JsonValue };
}

/**
 * Asks for a change to several rows (the selected ones, `keys` in the view's order, or the filter's matches)
 * and returns it to stage; Read-only refuses before anything is asked.
 */
export async function askRowChange(services: Services, session: TableSession, keys: string[]): Promise<RowChange> {
  const { source } = session;
  await (await bulkChangesBundle()).refuseReadOnly(services, source, undefined);
  const title = `Change Rows of ${source.db}/${source.col}`;
  const scope = await askScope(services, session, keys, title);
  if (scope.kind === 'ids' && scope.keys.includes(NO_ID_KEY))
    throw new Error(
      'A selected row has no _id (or a null one), and a change to the selected rows finds documents by _id. Leave it out of the selection.',
    );
  const operation = await askOperation(services, title);
  return { scope, operation, ...(scope.kind === 'filter' && session.total !== undefined ? { count: session.total } : {}) };
}
