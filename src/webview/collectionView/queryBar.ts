// The query toolbar: the filter (checked as JSON before it is sent), the page size and the pages.
import type { ViewState } from '../../core/table/viewState';
import { PAGE_SIZES, pageBounds, parseFilter } from '../../core/table/viewState';
import { button, h } from './dom';
import type { PageModel } from './state';
import { l10n } from '../shared/l10n';

export class QueryBar {
  readonly filterInput = h('input', {
    className: 'filter',
    type: 'text',
    spellcheck: false,
    placeholder: l10n.t('Filter (q), e.g. {"status": "active"}'),
    'aria-label': l10n.t('Filter as JSON'),
  }) as HTMLInputElement;
  private readonly filterError = h('span', { className: 'field-error', role: 'alert' });
  private readonly pageSize = h(
    'select',
    { 'aria-label': l10n.t('Documents per page') },
    ...PAGE_SIZES.map((size) => h('option', { value: String(size) }, String(size))),
  ) as HTMLSelectElement;
  private readonly pageText = h('span', { className: 'page-text', 'aria-live': 'polite' });
  private readonly prevButton = button(l10n.t('Previous page'), '‹', () => this.goToPage(this.model.state.page - 1));
  private readonly nextButton = button(l10n.t('Next page'), '›', () => this.goToPage(this.model.state.page + 1));
  readonly element: HTMLElement;

  constructor(
    private readonly model: PageModel,
    private readonly setView: (change: Partial<ViewState>) => void,
    refresh: () => void,
  ) {
    this.filterInput.addEventListener('keydown', (event) => {
      if (event.key === 'Enter') this.applyFilter();
    });
    this.pageSize.addEventListener('change', () => setView({ pageSize: Number(this.pageSize.value) as ViewState['pageSize'], page: 0 }));
    this.element = h(
      'div',
      { className: 'toolbar', role: 'toolbar', 'aria-label': l10n.t('Query') },
      this.filterInput,
      button(l10n.t('Run the filter on the service'), l10n.t('Apply'), () => this.applyFilter()),
      this.filterError,
      this.pageSize,
      this.prevButton,
      this.pageText,
      this.nextButton,
      button(l10n.t('Fetch the page again'), l10n.t('Refresh'), refresh),
    );
  }

  render(): void {
    const { state } = this.model;
    this.filterInput.value = document.activeElement === this.filterInput ? this.filterInput.value : state.filter;
    this.pageSize.value = String(state.pageSize);
    const { first, last, total, pages } = pageBounds(state, this.model.rows.length, this.model.total);
    this.pageText.textContent = this.model.loading
      ? l10n.t('Loading…')
      : l10n.t('{0}–{1} of {2}', first, last, total === undefined ? '?' : total.toLocaleString('en-US'));
    this.prevButton.disabled = state.page === 0;
    this.nextButton.disabled = pages !== undefined && state.page + 1 >= pages;
  }

  private goToPage(page: number): void {
    const { pages } = pageBounds(this.model.state, this.model.rows.length, this.model.total);
    if (page < 0 || (pages !== undefined && page >= pages)) return;
    this.setView({ page });
  }

  private applyFilter(): void {
    const { error } = parseFilter(this.filterInput.value);
    this.filterError.textContent = error ?? '';
    this.filterInput.setAttribute('aria-invalid', String(error !== undefined));
    if (!error) this.setView({ filter: this.filterInput.value, page: 0 });
  }
}
