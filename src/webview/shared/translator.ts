/** What `l10n.t` does with the translations a page was given (JSON text of message → translation, or nothing). */
export interface Translator {
  /** `message` in the user's language, its `{0}`, `{1}`… replaced by `values`. */
  t(message: string, ...values: (string | number)[]): string;
}

function translationsOf(content: string | null | undefined): Map<string, string> {
  if (!content) return new Map();
  try {
    const parsed: unknown = JSON.parse(content);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return new Map();
    return new Map(Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
  } catch {
    return new Map();
  }
}

export function translator(content: string | null | undefined): Translator {
  const translations = translationsOf(content);
  return {
    t(message, ...values) {
      const template = translations.get(message) ?? message;
      return template.replace(/\{(\d+)\}/g, (whole, index: string) =>
        Number(index) < values.length ? String(values[Number(index)]) : whole,
      );
    },
  };
}
