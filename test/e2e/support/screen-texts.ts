import type { Page } from 'playwright-core';

export interface ScreenText {
  screen: string;
  /** What is written on the screen (`innerText` of the page). */
  visible: string;
  /** The accessibility tree a screen reader reads (roles, names, values). */
  accessible: string;
  /** Text in attributes of rendered elements, which a person meets through hovers, inputs and assistive technology. */
  attributes: string;
}

const screens: ScreenText[] = [];

/** The text of every screen the suite took a screenshot of, in order. */
export function visitedScreens(): readonly ScreenText[] {
  return screens;
}

// Runs in the page (this project type-checks without the DOM library, hence a script text). Walks open shadow
// roots too: VS Code draws its menus and hovers in them.
const collectAttributeText = `(() => {
  const names = ['aria-label', 'aria-description', 'aria-valuetext', 'title', 'placeholder', 'value', 'href', 'data-href'];
  const found = [document.title];
  const where = (element, name) => '[' + element.tagName.toLowerCase() + '.' + [...element.classList].join('.') + ' ' + name + '] ';
  const visit = (root) => {
    for (const element of root.querySelectorAll('*')) {
      // Elements not rendered are not on the screen (VS Code keeps its closed quick input, with the last value typed).
      if (!element.checkVisibility()) continue;
      for (const name of names) {
        const value = element.getAttribute(name);
        if (value) found.push(where(element, name) + value);
      }
      if (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement) found.push(where(element, 'value property') + element.value);
      if (element.shadowRoot) visit(element.shadowRoot);
    }
  };
  visit(document);
  return found.join('\\n');
})()`;

export async function recordScreenText(page: Page, screen: string): Promise<void> {
  const visible = await page.innerText('body');
  const accessible = await page.locator('body').ariaSnapshot();
  const attributes = await page.evaluate<string>(collectAttributeText);
  screens.push({ screen, visible, accessible, attributes });
}
