// The review of staged edits: for each document the exact body of its PUT, its type changes, or why it cannot be saved.
import type { ReviewItem } from '../../core/table/protocol';
import { button, h } from './dom';
import { reviewHeading, rowChangeArticle } from './multiRow';
import { l10n } from '../shared/l10n';

export class ReviewPane {
  readonly element = h('section', { className: 'review', 'aria-label': l10n.t('Review changes'), hidden: true });

  constructor(private readonly onSave: () => void) {
    this.element.tabIndex = -1;
  }

  /** Shows the review of these items, or closes it (undefined). */
  show(items: readonly ReviewItem[] | undefined, onClose: () => void): void {
    this.element.hidden = items === undefined;
    if (!items) return;
    this.element.replaceChildren(
      h('h2', {}, reviewHeading(items)),
      ...items.map((item) =>
        item.rows
          ? rowChangeArticle(item)
          : h(
              'article',
              {},
              h('h3', {}, `PUT _id ${item.label}`),
              ...item.typeChanges.map((change) => h('p', { className: 'warning' }, `⚠ Type change: ${change}`)),
              item.error ? h('p', { className: 'field-error' }, item.error) : h('pre', { className: 'body' }, item.body ?? ''),
            ),
      ),
      h(
        'div',
        {},
        button(l10n.t('Save staged edits'), l10n.t('Save'), this.onSave),
        button(l10n.t('Close the review'), l10n.t('Close'), onClose),
      ),
    );
    this.element.focus();
  }
}
