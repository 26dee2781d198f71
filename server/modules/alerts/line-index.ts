import { type AlertLine, decidingBy, decidingKeys } from '../../../core/item-alert-lines';

/**
 * A list's current lines indexed by their words, for one evaluation of its alerts
 * (docs/decisions/0221): each distinct query of the alerts is matched once, against the index
 * rather than line by line, and only the lines that decide a condition are kept for it.
 */

/** A current line, with the lexemes of its document (as list_search keeps them). */
export interface IndexedLine extends AlertLine {
  id: number;
  words: string[];
}

type QueryNode = { lexeme: string; prefix: boolean } | { all: QueryNode[] } | { any: QueryNode[] };

const TOKEN = /\s*(?:'((?:[^'\\]|'')*)'(:\*)?|(&)|(\|)|(\()|(\)))/y;

/**
 * A tsquery as PostgreSQL prints it ('burrata':* & ( 'smoked' | 'smoky' )) as a tree. Only words,
 * prefixes, & and | are read, as searchTermsQuery writes them: anything else (!, <->, weights, a
 * backslash) gives null, and that query is matched by the database instead.
 */
export function parseQuery(text: string): QueryNode | null {
  const tokens: Array<QueryNode | string> = [];
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < text.length) {
    const at = TOKEN.lastIndex;
    const m = TOKEN.exec(text);
    if (!m) return text.slice(at).trim() === '' ? parseTokens(tokens) : null;
    if (m[1] !== undefined) tokens.push({ lexeme: m[1].replaceAll("''", "'"), prefix: m[2] !== undefined });
    else tokens.push((m[3] ?? m[4] ?? m[5] ?? m[6]) as string);
  }
  return parseTokens(tokens);
}

// An alert's query never changes and the same ones come back with every list's version: each is
// parsed once a process (a bounded memo).
const PARSED_MAX = 20_000;
const parsed = new Map<string, QueryNode | null>();
function parsedQuery(text: string): QueryNode | null {
  let tree = parsed.get(text);
  if (tree === undefined) {
    tree = parseQuery(text);
    if (parsed.size >= PARSED_MAX) parsed.clear();
    parsed.set(text, tree);
  }
  return tree;
}

/** or := and ('|' and)*; and := atom ('&' atom)*; atom := word | '(' or ')'. */
function parseTokens(tokens: Array<QueryNode | string>): QueryNode | null {
  let at = 0;
  const atom = (): QueryNode | null => {
    const token = tokens[at++];
    if (token === '(') {
      const inner = or();
      return tokens[at++] === ')' ? inner : null;
    }
    return typeof token === 'object' ? token : null;
  };
  const joined = (operator: string, part: () => QueryNode | null, make: (nodes: QueryNode[]) => QueryNode) => {
    const first = part();
    if (!first) return null;
    const nodes = [first];
    while (tokens[at] === operator) {
      at++;
      const next = part();
      if (!next) return null;
      nodes.push(next);
    }
    return nodes.length === 1 ? first : make(nodes);
  };
  const and = () => joined('&', atom, (all) => ({ all }));
  const or = (): QueryNode | null => joined('|', and, (any) => ({ any }));
  const tree = or();
  return tree && at === tokens.length ? tree : null;
}

/** Two sorted sets of positions merged into one, sorted. */
function merged(a: readonly number[], b: readonly number[]): number[] {
  const out: number[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    const x = a[i] ?? Number.POSITIVE_INFINITY;
    const y = b[j] ?? Number.POSITIVE_INFINITY;
    out.push(Math.min(x, y));
    if (x <= y) i++;
    if (y <= x) j++;
  }
  return out;
}

/** The union of sorted sets of positions, sorted; a single set is returned as it is. */
const union = (sets: number[][]): number[] =>
  sets.reduce<number[]>((all, set) => (all.length === 0 ? set : merged(all, set)), []);

/** The index of one list's lines (given in the list's order, by id). */
export function lineIndex<T extends IndexedLine>(lines: readonly T[]) {
  const postings = new Map<string, number[]>();
  lines.forEach((line, at) => {
    for (const word of line.words) {
      const list = postings.get(word);
      if (list) list.push(at);
      else postings.set(word, [at]);
    }
  });
  const lexemes = [...postings.keys()].sort();
  const keys = lines.map(decidingKeys);
  const deciding = (positions: number[]) => decidingBy(positions, (at) => keys[at] as (typeof keys)[number]);
  const byLexeme = new Map<string, number[]>();
  const lexemeDeciding = (lexeme: string) => {
    const known = byLexeme.get(lexeme);
    if (known) return known;
    const found = deciding(postings.get(lexeme) ?? []);
    byLexeme.set(lexeme, found);
    return found;
  };

  /** The lexemes of the list a word matches: itself, or with a prefix every lexeme it begins (a range of the sorted ones). */
  const lexemesByWord = new Map<string, string[]>();
  function lexemesOf(node: { lexeme: string; prefix: boolean }): string[] {
    if (!node.prefix) return postings.has(node.lexeme) ? [node.lexeme] : [];
    const known = lexemesByWord.get(node.lexeme);
    if (known) return known;
    let low = 0;
    let high = lexemes.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if ((lexemes[mid] as string) < node.lexeme) low = mid + 1;
      else high = mid;
    }
    const found: string[] = [];
    for (let i = low; i < lexemes.length && (lexemes[i] as string).startsWith(node.lexeme); i++) found.push(lexemes[i] as string);
    lexemesByWord.set(node.lexeme, found);
    return found;
  }

  // A part's positions, and their set as bits, once per evaluation: many queries share a part
  // (the product of "smoked burrata" and of "burrata 125g").
  const byPart = new Map<string, number[]>();
  const bitsOf = new WeakMap<number[], Uint32Array>();
  const bits = (positions: number[]) => {
    let set = bitsOf.get(positions);
    if (!set) {
      set = new Uint32Array((lines.length >> 5) + 1);
      for (const at of positions) set[at >> 5] = (set[at >> 5] as number) | (1 << (at & 31));
      bitsOf.set(positions, set);
    }
    return set;
  };
  const partKey = (node: QueryNode): string =>
    'lexeme' in node
      ? `${node.prefix ? '*' : '='}${JSON.stringify(node.lexeme)}`
      : `${'any' in node ? '|' : '&'}(${('any' in node ? node.any : node.all).map(partKey).join(',')})`;

  function positionsOf(node: QueryNode): number[] {
    const key = partKey(node);
    const known = byPart.get(key);
    if (known) return known;
    let found: number[];
    if ('lexeme' in node) found = union(lexemesOf(node).map((lexeme) => postings.get(lexeme) ?? []));
    else if ('any' in node) found = union(node.any.map(positionsOf));
    else {
      // From the smallest part, keeping the positions every other part holds.
      const parts = node.all.map(positionsOf).sort((a, b) => a.length - b.length);
      found = parts[0] ?? [];
      for (const part of parts.slice(1)) {
        const set = bits(part);
        found = found.filter((at) => ((set[at >> 5] as number) & (1 << (at & 31))) !== 0);
      }
    }
    byPart.set(key, found);
    return found;
  }

  /** Words alone, or words any of which will do: the deciding lines of each word's lines, reduced together. */
  const wordsAlone = (node: QueryNode): Array<{ lexeme: string; prefix: boolean }> | null =>
    'lexeme' in node ? [node] : 'any' in node && node.any.every((n) => 'lexeme' in n) ? (node.any as never) : null;

  const byQuery = new Map<string, T[] | null>();
  return {
    /** The lines that decide the alerts of this query (none match: empty); null when the query cannot be read here. */
    deciding(query: string): T[] | null {
      if (byQuery.has(query)) return byQuery.get(query) as T[] | null;
      const tree = parsedQuery(query);
      let found: T[] | null = null;
      if (tree) {
        const words = wordsAlone(tree);
        const positions = words
          ? deciding(union(words.flatMap((w) => lexemesOf(w)).map(lexemeDeciding)))
          : deciding(positionsOf(tree));
        found = positions.map((at) => lines[at] as T);
      }
      byQuery.set(query, found);
      return found;
    },
  };
}
