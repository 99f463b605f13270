/** Statement triggers on dbhost_documents, by name: each `AFTER … EXECUTE FUNCTION …` definition. */
export type DocumentTriggers = Record<string, string>;

/** SQL true when one of `triggers` is missing or disabled (a database made before it, a trigger someone dropped). */
export function triggersMissing(triggers: DocumentTriggers): string {
  const names = Object.keys(triggers)
    .map((name) => `'${name}'`)
    .join(', ');
  return `(SELECT count(*) FROM pg_trigger WHERE tgrelid = 'dbhost_documents'::regclass AND tgname IN (${names}) AND tgenabled IN ('O', 'A')) < ${Object.keys(triggers).length}`;
}

/** SQL that makes each of `triggers` again, whatever was left of it. */
export function makeTriggers(triggers: DocumentTriggers): string {
  return Object.entries(triggers)
    .map(([name, definition]) => `DROP TRIGGER IF EXISTS ${name} ON dbhost_documents;\nCREATE TRIGGER ${name} ${definition};`)
    .join('\n');
}
