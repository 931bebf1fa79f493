/**
 * Numbers as people type them into a text field or a URL: digits with an optional sign and
 * decimal point, and, where `thousands` allows it, commas between groups of three ("12,500").
 * Anything else, hexadecimal ("0x10"), exponents ("1e3"), "Infinity", is not a number here,
 * although JavaScript's `Number` would read it as one.
 */
const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;
const GROUPED = /^[+-]?\d{1,3}(,\d{3})+(\.\d*)?$/;

/** The number `text` writes in decimal, or NaN. */
export const decimalNumber = (text: string, { thousands = false } = {}): number => {
  const trimmed = text.trim();
  if (DECIMAL.test(trimmed)) return Number(trimmed);
  if (thousands && GROUPED.test(trimmed)) return Number(trimmed.replaceAll(',', ''));
  return Number.NaN;
};
