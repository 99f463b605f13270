type Attributes = Record<string, string | number | boolean | undefined>;

/** Creates an element; text children are set as text, never parsed as HTML. */
export function h(tag: string, attributes: Attributes = {}, ...children: (Node | string)[]): HTMLElement {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === false) continue;
    if (name === 'className') element.className = String(value);
    else if (name === 'tabIndex') element.tabIndex = Number(value);
    else element.setAttribute(name, value === true ? '' : String(value));
  }
  element.append(...children);
  return element;
}

/** A button whose label is its tooltip and its accessible name. */
export function button(label: string, text: string, onClick: () => void): HTMLButtonElement {
  const element = h('button', { type: 'button', title: label, 'aria-label': label }, text) as HTMLButtonElement;
  element.addEventListener('click', onClick);
  return element;
}
