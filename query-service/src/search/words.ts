import { searchWords } from '@second-gear/contracts';
import type { ReadModelDb } from '@second-gear/read-model';
import levenshtein from 'damerau-levenshtein';
import { sql } from 'kysely';

/** Shorter words are only ever prefixes: too short to guess a misspelling from. */
const MIN_FUZZY_LENGTH = 4;
const NEAREST_CANDIDATES = 12;
const MAX_ALTERNATIVES = 3;

/** A LIKE pattern for the words that start with `text`. */
export const startOf = (text: string) => `${text.replaceAll(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** One typo (a letter missing, added, changed or two swapped) against the word or its start. */
const oneTypoAway = (typed: string, known: string): boolean =>
  levenshtein(typed, known).steps <= 1 ||
  levenshtein(typed, known.slice(0, typed.length)).steps <= 1;

/**
 * What a typed word may stand for: itself as a prefix of any word of the cars, or, when no word
 * starts with it, the known words one typo away (the closest few by trigram similarity).
 */
const alternativesOf = async (db: ReadModelDb, schema: string, word: string): Promise<string[]> => {
  if (word.length < MIN_FUZZY_LENGTH) return [word];
  const words = db.withSchema(schema).selectFrom('search_words').select('word');
  const known = await words.where('word', 'like', startOf(word)).limit(1).execute();
  if (known.length > 0) return [word];
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
  return close.length === 0 ? [word] : close.slice(0, MAX_ALTERNATIVES);
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
  const alternatives = await Promise.all(words.map((word) => alternativesOf(db, schema, word)));
  // The words hold letters, digits and dots only, so quoting each is all the escaping needed.
  return alternatives
    .map((options) => `(${options.map((option) => `'${option}':*`).join(' | ')})`)
    .join(' & ');
};
