/**
 * The `contextValue` of every kind of item in the DB Host tree. package.json's menus match them in `when`
 * clauses (`viewItem == dbhost.collection`, `viewItem =~ /^dbhost\.(account|databases)$/`) with literal
 * strings; test/unit/extension/contributions.test.ts checks that both sides agree. String enums, like
 * `CommandId`, because esbuild inlines their members.
 */
export enum ContextValue {
  account = 'dbhost.account',
  databases = 'dbhost.databases',
  database = 'dbhost.database',
  /** A database of a service known not to offer Copy Database: its menu has no Copy Database…. */
  databaseWithoutCopy = 'dbhost.database.withoutCopy',
  collection = 'dbhost.collection',
  documents = 'dbhost.documents',
  document = 'dbhost.document',
  /** A document without an `_id`: it cannot be opened, copied or deleted by id. */
  documentNoId = 'dbhost.document.noId',
  loadMore = 'dbhost.loadMore',
  indexes = 'dbhost.indexes',
  index = 'dbhost.index',
  /** The `_id` index, which cannot be dropped. */
  indexBuiltin = 'dbhost.index.builtin',
  deployments = 'dbhost.deployments',
  deployment = 'dbhost.deployment',
  deploymentTailing = 'dbhost.deployment.tailing',
  deploymentDetails = 'dbhost.deploymentDetails',
  deploymentLogs = 'dbhost.deploymentLogs',
  deploymentLogsTailing = 'dbhost.deploymentLogs.tailing',
  invoices = 'dbhost.invoices',
  invoice = 'dbhost.invoice',
  plans = 'dbhost.plans',
  plan = 'dbhost.plan',
  message = 'dbhost.message',
  error = 'dbhost.error',
  schema = 'dbhost.schema',
  schemaField = 'dbhost.schemaField',
  /** A collection's validation rules (issue 33). */
  rules = 'dbhost.rules',
  users = 'dbhost.users',
  user = 'dbhost.user',
  operations = 'dbhost.operations',
  operation = 'dbhost.operation',
  slowQueries = 'dbhost.slowQueries',
  slowQuery = 'dbhost.slowQuery',
  /** A slow query that can be opened in a playground. */
  replayableSlowQuery = 'dbhost.slowQuery.query',
  /** A slow query that can be opened in a playground and explained (the service offers explain). */
  explainableSlowQuery = 'dbhost.slowQuery.query.explainable',
}

/** The context value a deployment item has while its log is tailed, so the menus offer Stop Tailing. */
export function tailingContextValue(value: string | undefined): string | undefined {
  if (value === ContextValue.deployment) return ContextValue.deploymentTailing;
  if (value === ContextValue.deploymentLogs) return ContextValue.deploymentLogsTailing;
  return value;
}

/** The keys the extension sets with `setContext`, which package.json's `when` clauses read. */
export enum ContextKey {
  localServiceRunning = 'dbhost.localServiceRunning',
  /**
   * The extension runs in a Node extension host, where the local service and the MCP server (processes) work.
   * Not set in a browser's web worker. `isWeb` alone cannot tell: code-server shows a web UI over a Node host.
   */
  nodeHost = 'dbhost.nodeHost',
  /** Walkthrough steps done: an account exists, a document was saved, an account has guardrails set. */
  walkthroughConnected = 'dbhost.walkthrough.connected',
  walkthroughDocumentSaved = 'dbhost.walkthrough.documentSaved',
  walkthroughGuardrailsSet = 'dbhost.walkthrough.guardrailsSet',
}
