/** One element of a commented array: the line that names it and its JSON text. */
export interface CommentedElement {
  heading: string;
  json: string;
}

/** A heading on one line, so that nothing in it (a service's error message) ends the comment early. */
const oneLine = (text: string) => text.replace(/[\r\n\u2028\u2029]+/g, ' ');

const indented = (text: string) => text.replace(/\n/g, '\n  ');

/**
 * Documents as one valid JSON-with-comments array, each under a `//` line naming it: what a JSONC editor shows
 * without an error, where several documents one after another would be marked as errors.
 */
export function commentedArray(elements: readonly CommentedElement[]): string {
  if (elements.length === 0) return '[]\n';
  const body = elements.map((element, index) => {
    const comma = index < elements.length - 1 ? ',' : '';
    return `  // ${oneLine(element.heading)}\n  ${indented(element.json)}${comma}\n`;
  });
  return `[\n${body.join('\n')}]\n`;
}
