import type { Infer } from '../json/schema';
import { boolean, count, list, object, optional, pair, text, variants } from '../json/schema';

const LINE = 10_000;

const stage = object({
  depth: count,
  name: text(200),
  note: text(LINE),
  figures: list(pair(text(200), text(LINE)), { max: 20 }),
});

const suggestion = variants({
  create: { spec: text(LINE), name: text(LINE), why: text(LINE), refusal: optional(text(LINE)) },
  none: { why: text(LINE) },
});

/** The texts of the page that are not the explain's own, translated by the extension. */
const labels = object({
  beforeAfter: text(200),
  plan: text(200),
  suggested: text(200),
  refused: text(LINE),
  createIndex: text(LINE),
  explainAgain: text(200),
  query: text(200),
  raw: text(200),
  working: text(200),
});

const view = object({
  title: text(LINE),
  beforeAfter: optional(text(LINE)),
  summary: text(LINE),
  details: list(text(LINE), { max: 50 }),
  stages: list(stage, { max: 200 }),
  suggestion,
  query: text(1_000_000),
  raw: text(10_000_000),
  labels,
});

const hostMessage = variants({
  show: { view },
  /** A button's work runs (true) or ended (false): the buttons wait meanwhile. */
  busy: { busy: boolean },
});

const pageMessage = variants({ ready: {}, createIndex: {}, explainAgain: {} });

export type ExplainPageView = Infer<typeof view>;
export type ExplainLabels = Infer<typeof labels>;

/** What the extension sends the explain page. */
export type ExplainHostMessage = Infer<typeof hostMessage>;

/** What the explain page sends the extension: it is ready, or a button was pressed. */
export type ExplainPageMessage = Infer<typeof pageMessage>;

/** A message from the extension, checked in full before the page uses it; undefined for anything else. */
export const parseExplainHostMessage = (data: unknown): ExplainHostMessage | undefined => hostMessage.check(data);

/** A message from the page, checked before the extension acts on it; undefined for anything else. */
export const parseExplainPageMessage = (data: unknown): ExplainPageMessage | undefined => pageMessage.check(data);
