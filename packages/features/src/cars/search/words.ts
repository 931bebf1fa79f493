import type { ReadModelDb } from '@second-gear/read-model';
import levenshtein from 'damerau-levenshtein';
import { sql } from 'kysely';
import { searchWords } from '../../contract/index.ts';

/** Shorter words are only ever prefixes: too short to guess a misspelling from. */
const MIN_FUZZY_LENGTH = 4;
const NEAREST_CANDIDATES = 12;
const MAX_ALTERNATIVES = 3;
/**
 * A typed word that starts at most this many known words is looked up as those words, each
 * whole: the full-text index finds a whole word by its own entry, where a prefix makes it walk
 * and merge every entry that starts with it (at 1,000,000 cars, `toyota:* & camry:*` took
 * 183 ms in the index, against a few ms for `toyota & camry`).
 */
const MAX_EXPANSION = 16;
/** The vocabulary keeps words of 2 to 40 letters (the read model's facet trigger). */
const MIN_KNOWN_LENGTH = 2;

/** A LIKE pattern for the words that start with `text`. */
export const startOf = (text: string) => `${text.replaceAll(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** One typo (a letter missing, added, changed or two swapped) against the word or its start. */
const oneTypoAway = (typed: string, known: string): boolean =>
  levenshtein(typed, known).steps <= 1 ||
  levenshtein(typed, known.slice(0, typed.length)).steps <= 1;

/** A word as a full-text query's operand: whole, or as the start of any word (`:*`). */
const operand = (word: string, prefix: boolean) =>
  `'${word.replaceAll('\\', '\\\\').replaceAll("'", "''")}'${prefix ? ':*' : ''}`;

/**
 * The known words that start each of `typed`, at most `MAX_EXPANSION + 1` of each (one more
 * tells that a word starts too many), in one statement: each statement costs a round trip.
 */
const knownStarts = async (
  db: ReadModelDb,
  schema: string,
  typed: readonly string[],
): Promise<string[][]> => {
  // Each word's own condition, so that each reads a range of the vocabulary's index.
  const table = sql.table(`${schema}.search_words`);
  const found = await sql<{ i: number; word: string }>`${sql.join(
    typed.map(
      (word, i) => sql`(select ${sql.lit(i)} as i, word from ${table}
        where word like ${startOf(word)} limit ${sql.lit(MAX_EXPANSION + 1)})`,
    ),
    sql` union all `,
  )}`.execute(db);
  const known = typed.map((): string[] => []);
  for (const row of found.rows) known[row.i]?.push(row.word);
  return known;
};

/**
 * What a typed word may stand for, as full-text operands, given the known words that start
 * with it (`known`, `knownStarts`): those words, each whole (or the word as a prefix, when it
 * starts too many of them); or, when no word starts with it, the known words one typo away (the
 * closest few by trigram similarity), each as a prefix. The vocabulary keeps every word of
 * every car the model has held, so the words that start with a typed one are all there, but
 * for words longer than it keeps: such a word is found by its whole self or by a start no
 * shorter word shares.
 */
const alternativesOf = async (
  db: ReadModelDb,
  schema: string,
  word: string,
  known: readonly string[],
): Promise<string[]> => {
  if (word.length < MIN_KNOWN_LENGTH) return [operand(word, true)];
  if (known.length > MAX_EXPANSION) return [operand(word, true)];
  if (known.length > 0) return known.map((found) => operand(found, false));
  if (word.length < MIN_FUZZY_LENGTH) return [operand(word, true)];
  const words = db.withSchema(schema).selectFrom('search_words').select('word');
  // Trigrams find most misspellings; two swapped letters break too many of them in a short
  // word ("hnoda"), so the words that start with the word's swaps are looked up as well.
  const swaps = new Set<string>();
  for (let i = 0; i + 1 < word.length; i++) {
    swaps.add(word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2));
  }
  swaps.delete(word);
  const [near, swapped] = await Promise.all([
    words
      .where(sql<boolean>`word % ${word}`)
      .orderBy(sql`similarity(word, ${word})`, 'desc')
      .limit(NEAREST_CANDIDATES)
      .execute(),
    words
      .where(({ eb, or }) => or([...swaps].map((swap) => eb('word', 'like', startOf(swap)))))
      .limit(NEAREST_CANDIDATES)
      .execute(),
  ]);
  const close = [...new Set([...near, ...swapped].map((r) => r.word))].filter((candidate) =>
    oneTypoAway(word, candidate),
  );
  const chosen = close.length === 0 ? [word] : close.slice(0, MAX_ALTERNATIVES);
  return chosen.map((option) => operand(option, true));
};

/**
 * The full-text query for a search's words, or undefined when it has none: every word must
 * match, each as the start of a word of the car or as one of its spelling alternatives.
 */
export const textQuery = async (
  db: ReadModelDb,
  schema: string,
  q: string | undefined,
): Promise<string | undefined> => {
  const words = q === undefined ? [] : searchWords(q);
  if (words.length === 0) return undefined;
  const looked = words.filter((word) => word.length >= MIN_KNOWN_LENGTH);
  const known = looked.length === 0 ? [] : await knownStarts(db, schema, looked);
  const alternatives = await Promise.all(
    words.map((word) => alternativesOf(db, schema, word, known[looked.indexOf(word)] ?? [])),
  );
  return alternatives.map((options) => `(${options.join(' | ')})`).join(' & ');
};
