/**
 * Whole numbers as people type them into a form ("30", " 4 "): the figure when it is one in
 * range, null when it is not, so the form can say what to fix.
 */

/** A whole number from `min` to `max`; null for anything else, empty included. */
export function wholeNumber(text: string, min: number, max: number): number | null {
  const trimmed = text.trim();
  const value = Number(trimmed);
  return trimmed !== '' && Number.isInteger(value) && value >= min && value <= max ? value : null;
}

/** The same for a field whose empty means "the default": undefined when empty, else from 1 to `max` or null. */
export function optionalWholeNumber(text: string, max: number): number | undefined | null {
  return text.trim() === '' ? undefined : wholeNumber(text, 1, max);
}
