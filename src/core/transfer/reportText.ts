import { stringifyLossless } from '../json/lossless';
import { countOf, formatCount } from '../text/formatCount';
import { displayId } from '../documents/documentId';
import { violationText } from '../rules/rulesVerdict';
import type { DryRunReport } from './dryRun';
import type { ImportFailure } from './importState';

const SAMPLE_WIDTH = 300;
const ERRORS_SHOWN = 5;

/** The dry run as the confirmation shows it: counts, the first parse errors by line, the ids already there, a sample as stored. */
export function dryRunText(
  report: DryRunReport,
  options: { csvTypes?: 'strings' | 'infer'; resumingAt?: number; isNew: boolean; rules?: { where: string; refuses: boolean } },
): string {
  const lines: string[] = [];
  if (options.resumingAt) lines.push(`Resuming: the first ${countOf(options.resumingAt, 'record')} were finished by the earlier import.`);
  lines.push(
    `${countOf(report.records, 'record')} to import: ${formatCount(report.documents)} readable, ${formatCount(report.parseErrorCount)} not.`,
  );
  for (const error of report.parseErrors.slice(0, ERRORS_SHOWN)) lines.push(`  line ${error.line}: ${error.reason}`);
  if (report.parseErrorCount > ERRORS_SHOWN)
    lines.push(`  … and ${formatCount(report.parseErrorCount - ERRORS_SHOWN)} more (all listed in the report at the end).`);
  if (!options.isNew) {
    lines.push(
      report.existingIds === 0
        ? 'None of their _ids is in the collection yet.'
        : `${countOf(report.existingIds, '_id')} already in the collection: each counts as done if the stored document is the same, else as a failure; none is overwritten.`,
    );
  }
  if (options.rules) lines.push(...ruleBreaksText(report, options.rules));
  if (options.csvTypes)
    lines.push(
      options.csvTypes === 'infer'
        ? 'CSV types: numbers, booleans, null and ISO dates inferred; other values text.'
        : 'CSV types: every value kept as text.',
    );
  lines.push('Records without an _id get an object id now, so trying again never stores one twice.');
  if (report.sample.length > 0) {
    lines.push('', 'As they will be stored:');
    for (const document of report.sample) {
      const text = stringifyLossless(document);
      lines.push(text.length > SAMPLE_WIDTH ? `${text.slice(0, SAMPLE_WIDTH - 1)}…` : text);
    }
  }
  return lines.join('\n');
}

/** The documents that break the collection's rules, each with its line, _id, path and rule, and what the real import does with them. */
function ruleBreaksText(report: DryRunReport, rules: { where: string; refuses: boolean }): string[] {
  if (report.ruleBreakCount === 0) return [`Every document keeps the rules of ${rules.where}.`];
  const count = report.ruleBreakCount;
  const them = count === 1 ? 'it' : 'each of them';
  const lines = [
    rules.refuses
      ? `${countOf(count, 'document')} break${count === 1 ? 's' : ''} the rules of ${rules.where}: the service will refuse ${them}, and the import lists ${count === 1 ? 'it' : 'them'} as not stored in the report at the end; the others are imported.`
      : `${countOf(count, 'document')} break${count === 1 ? 's' : ''} the rules of ${rules.where}, which warn: the service will store ${them} with a warning.`,
  ];
  for (const broken of report.ruleBreaks.slice(0, ERRORS_SHOWN))
    lines.push(`  line ${broken.line}, _id ${displayId(broken.id)}: ${violationText(broken.violation)}`);
  if (count > ERRORS_SHOWN) lines.push(`  … and ${formatCount(count - ERRORS_SHOWN)} more.`);
  return lines;
}

/** The failure report: one line per record not stored, with its line in the file and why. */
export function failureReportText(fileName: string, target: string, failures: readonly ImportFailure[], failureCount: number): string {
  const lines = [`Records of ${fileName} not stored in ${target}: ${formatCount(failureCount)}`, ''];
  for (const failure of failures) lines.push(`line ${failure.line}: ${failure.reason}`);
  if (failureCount > failures.length) lines.push(`… and ${formatCount(failureCount - failures.length)} more not listed.`);
  return `${lines.join('\n')}\n`;
}
