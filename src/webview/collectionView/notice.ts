import { h } from './dom';

/** The page's one line of news: polite for progress, an alert for a problem. */
export class Notice {
  readonly element = h('div', { className: 'notice', role: 'status', 'aria-live': 'polite' });

  show(text: string, error = false): void {
    this.element.textContent = text;
    this.element.classList.toggle('error', error);
    this.element.setAttribute('role', error ? 'alert' : 'status');
  }
}
