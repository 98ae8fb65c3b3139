import { invalidInput, invalidOption } from '@tensoreval/core';
import { compilePythonPattern } from './python-pattern';

/**
 * H2O Eval Studio's "text matching" conditions (a subset of AIP-160 filtering):
 * - `"text"`: the output contains `text` (case-sensitive substring); `\"` and `\\` escape;
 * - `regexp("pattern")`: a Python-style regex search (see python-pattern.ts; `(?i)` works);
 * - `NOT x`, `a AND b AND …`, `a OR b OR …`, parentheses.
 * The reference's precedence between AND and OR is ambiguous, so mixing them at one level without
 * parentheses is rejected. An empty condition passes; an empty string or `regexp("")` is true.
 */

/** `source` is the condition text of the node; `start` its offset in the condition. */
type Node = { source: string; start: number } & (
  | { kind: 'text'; value: string }
  | { kind: 'regexp'; re: RegExp }
  | { kind: 'not'; child: Node }
  | { kind: 'and' | 'or'; children: Node[] }
);

type Token = { type: '(' | ')' | 'AND' | 'OR' | 'NOT' | 'string' | 'regexp'; value: string; start: number; end: number };

const FN = 'textMatch';

function readString(condition: string, at: number): { value: string; end: number } {
  let value = '';
  let i = at + 1;
  while (i < condition.length) {
    const c = condition[i] as string;
    if (c === '\\' && i + 1 < condition.length && (condition[i + 1] === '"' || condition[i + 1] === '\\')) {
      value += condition[i + 1];
      i += 2;
    } else if (c === '"') return { value, end: i + 1 };
    else {
      value += c;
      i++;
    }
  }
  throw invalidOption(FN, 'condition', `a condition whose string starting at offset ${at} is closed by a quote`, condition);
}

function lex(condition: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < condition.length) {
    const c = condition[i] as string;
    if (/\s/.test(c)) {
      i++;
    } else if (c === '(' || c === ')') {
      tokens.push({ type: c, value: c, start: i, end: i + 1 });
      i++;
    } else if (c === '"') {
      const s = readString(condition, i);
      tokens.push({ type: 'string', value: s.value, start: i, end: s.end });
      i = s.end;
    } else if (condition.startsWith('regexp(', i)) {
      let j = i + 7;
      while (/\s/.test(condition[j] ?? '')) j++;
      if (condition[j] !== '"') throw invalidOption(FN, 'condition', `a quoted pattern inside regexp(...) at offset ${i}`, condition);
      const s = readString(condition, j);
      let k = s.end;
      while (/\s/.test(condition[k] ?? '')) k++;
      if (condition[k] !== ')') throw invalidOption(FN, 'condition', `a closing parenthesis after the regexp pattern at offset ${i}`, condition);
      tokens.push({ type: 'regexp', value: s.value, start: i, end: k + 1 });
      i = k + 1;
    } else {
      const word = /^[A-Za-z]+/.exec(condition.slice(i))?.[0] ?? '';
      if (word !== 'AND' && word !== 'OR' && word !== 'NOT') {
        throw invalidOption(FN, 'condition', `made of "strings", regexp("…"), AND, OR, NOT and parentheses (unexpected text at offset ${i})`, condition);
      }
      tokens.push({ type: word, value: word, start: i, end: i + word.length });
      i += word.length;
    }
  }
  return tokens;
}

class Parser {
  private pos = 0;
  constructor(private readonly tokens: Token[], private readonly condition: string) {}

  parse(): Node {
    const node = this.expression();
    if (this.pos < this.tokens.length) this.fail(`no extra ${this.tokens[this.pos]!.value} at offset ${this.tokens[this.pos]!.start}`);
    return node;
  }

  private fail(rule: string): never {
    throw invalidOption(FN, 'condition', `a well-formed condition with ${rule}`, this.condition);
  }

  private expression(): Node {
    const first = this.term();
    const op = this.tokens[this.pos]?.type;
    if (op !== 'AND' && op !== 'OR') return first;
    const children = [first];
    while (this.tokens[this.pos]?.type === 'AND' || this.tokens[this.pos]?.type === 'OR') {
      const t = this.tokens[this.pos]!;
      if (t.type !== op) this.fail(`parentheses where AND and OR are mixed (offset ${t.start})`);
      this.pos++;
      children.push(this.term());
    }
    return { kind: op === 'AND' ? 'and' : 'or', children, start: first.start, source: this.condition.slice(first.start, this.tokens[this.pos - 1]!.end) };
  }

  private term(): Node {
    const t = this.tokens[this.pos];
    if (!t) this.fail('an operand at the end');
    this.pos++;
    switch (t.type) {
      case 'string':
        return { kind: 'text', value: t.value, start: t.start, source: this.condition.slice(t.start, t.end) };
      case 'regexp':
        return { kind: 'regexp', re: compilePythonPattern(t.value, FN, 'condition'), start: t.start, source: this.condition.slice(t.start, t.end) };
      case 'NOT': {
        const child = this.term();
        return { kind: 'not', child, start: t.start, source: this.condition.slice(t.start, child.start + child.source.length) };
      }
      case '(': {
        const inner = this.expression();
        const close = this.tokens[this.pos];
        if (close?.type !== ')') this.fail(`a closing parenthesis for the one at offset ${t.start}`);
        this.pos++;
        return { ...inner, start: t.start, source: this.condition.slice(t.start, close.end) };
      }
      default:
        return this.fail(`an operand instead of ${t.value} at offset ${t.start}`);
    }
  }
}

function evaluate(node: Node, text: string): { pass: boolean; failed?: string } {
  switch (node.kind) {
    case 'text':
      return text.includes(node.value) ? { pass: true } : { pass: false, failed: node.source };
    case 'regexp':
      node.re.lastIndex = 0;
      return node.re.test(text) ? { pass: true } : { pass: false, failed: node.source };
    case 'not':
      return evaluate(node.child, text).pass ? { pass: false, failed: node.source } : { pass: true };
    case 'and':
      for (const child of node.children) {
        const r = evaluate(child, text);
        if (!r.pass) return r;
      }
      return { pass: true };
    case 'or':
      return node.children.some((c) => evaluate(c, text).pass) ? { pass: true } : { pass: false, failed: node.source };
  }
}

/** A parsed condition, reusable over many outputs. */
export interface TextCondition {
  test(text: string): { pass: boolean; failedSubCondition?: string };
}

/** Parses a condition once. @throws InvalidOptionError naming what is malformed */
export function parseTextCondition(condition: string): TextCondition {
  if (typeof condition !== 'string') throw invalidOption(FN, 'condition', 'a string', condition);
  const tokens = lex(condition);
  if (tokens.length === 0) return { test: () => ({ pass: true }) };
  const root = new Parser(tokens, condition).parse();
  return {
    test(text: string) {
      const r = evaluate(root, text);
      return r.pass ? { pass: true } : { pass: false, failedSubCondition: r.failed };
    },
  };
}

/**
 * Evaluates a text-matching condition on one output.
 * @returns `pass`, and for a failure the sub-condition that failed (the first failing operand of an AND)
 * @example textMatch('The capital is Paris.', '"Paris" AND NOT regexp("(?i)london")') // { pass: true }
 */
export function textMatch(text: string, condition: string): { pass: boolean; failedSubCondition?: string } {
  if (typeof text !== 'string') throw invalidInput(FN, 'text', 'be a string', typeof text, 'TE-204');
  return parseTextCondition(condition).test(text);
}
