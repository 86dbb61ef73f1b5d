// Public search over registrations, in stages that each use an index:
//   1. a TR number (exact first, then by prefix) and an exact title;
//   2. full text, whole words and then every word as a prefix, ranked title > registrant name >
//      material type;
//   3. when that leaves room, typos: each word is matched by trigram similarity against the
//      lexicon (`search_words`), and the full-text query is run again with the corrections.
// Archived registrations never appear. The SQL expressions mirror the indexes in
// projections/src/search/search-indexes.ts exactly.
import type pg from 'pg';
import type { SearchResult } from '../schemas/search.js';

const SEARCH_LIMIT = 20;

/** The stored full-text document: title (weight A), registrant name (B), material type (C). */
const FTS = 'search_document';
const VISIBLE = 'archived IS NOT TRUE';
const COLUMNS = `tr_number, title, registrant_name, material_type, registration_date, status`;
/**
 * Full-text matches ranked at most: a word shared by tens of thousands of rows would otherwise
 * make every keystroke rank them all. Beyond this many, which of the equally matching rows are
 * ranked is the index's order; exact titles and TR numbers are found before this stage.
 */
const RANK_CANDIDATES = 400;

interface Row {
  tr_number: string;
  title: string | null;
  registrant_name: string | null;
  material_type: string | null;
  registration_date: Date | string | null;
  status: string | null;
}

const TR_LIKE = /^tr-[a-z0-9-]*$/i;
const MAX_WORDS = 8;
const MIN_TYPO_WORD = 3;
const CORRECTIONS_PER_WORD = 3;

/** The words of a query: only letters and digits survive, so they are safe inside a tsquery. */
function queryWords(q: string): string[] {
  return q
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0)
    .slice(0, MAX_WORDS);
}

/** Every word as a prefix, all required: "midn gard" → "midn:* & gard:*". */
export function prefixTsQuery(q: string): string | null {
  const words = queryWords(q);
  return words.length === 0 ? null : words.map((w) => `${w}:*`).join(' & ');
}

function toResult(row: Row): SearchResult {
  const date = row.registration_date;
  return {
    tr_number: row.tr_number,
    title: row.title ?? '',
    registrant_name: row.registrant_name ?? '',
    material_type: row.material_type ?? '',
    registration_date: date instanceof Date ? date.toISOString() : (date ?? ''),
    status: row.status ?? '',
  };
}

async function fullText(db: pg.Pool, tsquery: string, q: string, exclude: readonly string[], limit: number) {
  const { rows } = await db.query<Row>(
    `SELECT ${COLUMNS} FROM (
       SELECT ${COLUMNS}, ${FTS} AS document FROM registrations
        WHERE ${FTS} @@ to_tsquery('simple', $1) AND ${VISIBLE} AND NOT (tr_number = ANY($3::text[]))
        LIMIT ${RANK_CANDIDATES}
     ) AS candidates
     ORDER BY lower(title) = $2 DESC, ts_rank(document, to_tsquery('simple', $1)) DESC, registration_date DESC, tr_number
     LIMIT $4`,
    [tsquery, q.toLowerCase(), exclude, limit],
  );
  return rows;
}

/** For each word long enough to have trigrams, the lexicon words most like it. */
async function corrections(db: pg.Pool, words: readonly string[]): Promise<Map<string, string[]>> {
  const typoable = words.filter((w) => w.length >= MIN_TYPO_WORD);
  const out = new Map<string, string[]>();
  if (typoable.length === 0) return out;
  const { rows } = await db.query<{ input: string; word: string }>(
    `SELECT input, word FROM unnest($1::text[]) AS input
       CROSS JOIN LATERAL (
         SELECT word FROM search_words WHERE word % input AND word <> input
          ORDER BY word <-> input LIMIT ${CORRECTIONS_PER_WORD}
       ) AS near`,
    [typoable],
  );
  for (const { input, word } of rows) {
    if (!/^[\p{L}\p{N}]+$/u.test(word)) continue; // keep the tsquery free of syntax
    out.set(input, [...(out.get(input) ?? []), word]);
  }
  return out;
}

export async function searchRegistrations(db: pg.Pool, query: string, limit = SEARCH_LIMIT): Promise<SearchResult[]> {
  const q = query.trim();
  const found: Row[] = [];
  const seen = new Set<string>();
  const add = (rows: readonly Row[]) => {
    for (const row of rows) {
      if (found.length >= limit || seen.has(row.tr_number)) continue;
      seen.add(row.tr_number);
      found.push(row);
    }
  };

  if (TR_LIKE.test(q)) {
    const tr = q.toUpperCase();
    const { rows } = await db.query<Row>(
      `SELECT ${COLUMNS} FROM registrations
        WHERE tr_number LIKE $1 AND ${VISIBLE}
        ORDER BY tr_number = $2 DESC, tr_number
        LIMIT $3`,
      [`${tr.replace(/[\\%_]/g, '\\$&')}%`, tr, limit],
    );
    add(rows);
  }

  const { rows: sameTitle } = await db.query<Row>(
    `SELECT ${COLUMNS} FROM registrations WHERE lower(title) = $1 AND ${VISIBLE}
      ORDER BY registration_date DESC, tr_number LIMIT $2`,
    [q.toLowerCase(), limit],
  );
  add(sameTitle);

  const words = queryWords(q);
  if (words.length === 0 || found.length >= limit) return found.map(toResult);

  // Whole words first: GIN intersects their posting lists cheaply, while a prefix (`w:*`) is a
  // partial-match scan that costs several times more on a common word; typing usually ends in one.
  add(await fullText(db, words.join(' & '), q, [...seen], limit - found.length));
  if (found.length >= limit) return found.map(toResult);
  // Then the last word as a prefix (the one being typed), and only then every word: a prefix on a
  // common word makes GIN gather every posting list it covers, which costs several times more.
  if (words.length > 1) {
    add(await fullText(db, [...words.slice(0, -1), `${words.at(-1)}:*`].join(' & '), q, [...seen], limit - found.length));
    if (found.length >= limit) return found.map(toResult);
  }
  add(await fullText(db, words.map((w) => `${w}:*`).join(' & '), q, [...seen], limit - found.length));
  if (found.length >= limit) return found.map(toResult);

  const near = await corrections(db, words);
  if (near.size > 0) {
    const tsquery = words.map((w) => `(${[`${w}:*`, ...(near.get(w) ?? [])].join(' | ')})`).join(' & ');
    add(await fullText(db, tsquery, q, [...seen], limit - found.length));
  }
  return found.map(toResult);
}
