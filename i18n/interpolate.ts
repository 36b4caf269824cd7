// Filling a message's placeholders, on the server (createTranslator) and in islands alike: this file
// imports nothing, so an island's bundle takes it without the dictionaries.

export type MessageParams = Record<string, string | number>;

/**
 * `{name}` takes the parameter; `{total|row|rows}` in an English message picks the word for the count
 * (Korean nouns need none). A placeholder without its parameter is left as it is.
 */
export function interpolate(template: string, params?: MessageParams): string {
  if (!params) return template;
  return template.replace(/\{(\w+)\|([^|{}]*)\|([^|{}]*)\}/g, (m, name, one, other) => {
    const value = params[name];
    return value === undefined ? m : isOne(value) ? one : other;
  }).replace(/\{(\w+)\}/g, (m, name) => String(params[name] ?? m));
}

/** A count passed already formatted ("1,000") is read without its separators. */
function isOne(value: string | number): boolean {
  return Number(String(value).replace(/,/g, "")) === 1;
}
