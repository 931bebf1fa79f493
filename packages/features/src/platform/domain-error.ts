/** The four kinds of rejection. The command service maps each to one HTTP status. */
export const domainErrorCodes = ['not_found', 'forbidden', 'conflict', 'invalid'] as const;
export type DomainErrorCode = (typeof domainErrorCodes)[number];

/**
 * Rules, named, each with the code of its rejection. The code says how the request failed; the
 * rule says which rule it broke, so a client (and a test) can tell two conflicts apart. Each
 * feature keeps the rules its decisions enforce in its own book (`carRules` in `cars/rules.ts`);
 * `registry/rules.ts` gathers them all.
 */
export type RuleBook = Readonly<Record<string, DomainErrorCode>>;

/**
 * The rules of the input, which the platform's checks (`validation.ts`) and every feature enforce.
 */
export const inputRules = {
  'field-required': 'invalid',
  'field-out-of-range': 'invalid',
  'field-invalid': 'invalid',
} as const satisfies RuleBook;

export type InputRule = keyof typeof inputRules;

/** A command rejected by a rule. Nothing is appended. */
export class DomainError extends Error {
  readonly code: DomainErrorCode;
  readonly rule: string;
  /** The command field at fault, for `invalid`. */
  readonly field: string | undefined;

  constructor(code: DomainErrorCode, rule: string, message: string, field?: string) {
    super(message);
    this.name = 'DomainError';
    this.code = code;
    this.rule = rule;
    this.field = field;
  }
}

/**
 * Throws the rejection by one of a book's rules, or an input rule. Annotate the const that holds
 * one (`const reject: Reject<keyof typeof carRules> = rejecter(carRules)`): the compiler narrows
 * after a call only through a function whose type is written out.
 */
export type Reject<Rule extends string> = (
  rule: Rule | InputRule,
  message: string,
  field?: string,
) => never;

/** The `reject` of a rule book: each rejection takes its code from the book. */
export const rejecter = <const Rules extends RuleBook>(
  rules: Rules,
): Reject<keyof Rules & string> => {
  const book: RuleBook = { ...inputRules, ...rules };
  return (rule, message, field) => {
    const code = book[rule];
    if (code === undefined) throw new Error(`No code for the rule ${rule}`);
    throw new DomainError(code, rule, message, field);
  };
};

/**
 * Throws the rejection by an input rule. A function declaration, so the compiler narrows after a
 * call.
 */
export function reject(rule: InputRule, message: string, field?: string): never {
  throw new DomainError(inputRules[rule], rule, message, field);
}
