import { JudgeResponseError } from './errors';

/**
 * The three ways reference libraries pull JSON out of a judge reply. They accept and reject
 * different replies, so each metric family uses the one of the semantics it reproduces.
 */
export type JsonExtractionRule = 'valor' | 'deepeval' | 'ragas';

/**
 * Valor's rule: the greedy span from the first `{` to the last `}`, parsed as JSON.
 * No braces or a parse error → {@link JudgeResponseError}.
 */
export function extractJsonValor(text: string): unknown {
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  if (start < 0 || end < start) {
    throw new JudgeResponseError(`LLM did not include valid brackets in its response: ${text}`);
  }
  try {
    return JSON.parse(text.slice(start, end + 1));
  } catch (e) {
    throw new JudgeResponseError(`Evaluation LLM responded with invalid JSON. JSONDecodeError: ${(e as Error).message}`);
  }
}

/**
 * DeepEval's rule: first `{` to last `}` (a missing closing brace is appended), parsed; on failure
 * parsed once more with trailing commas removed.
 */
export function extractJsonDeepEval(text: string): unknown {
  const start = text.indexOf('{');
  let end = text.lastIndexOf('}') + 1;
  let body = text;
  if (start >= 0 && end === 0) {
    body = `${text}}`;
    end = body.length;
  }
  const slice = start >= 0 ? body.slice(start, end) : body;
  try {
    return JSON.parse(slice);
  } catch {
    try {
      return JSON.parse(slice.replace(/,\s*([\]}])/g, '$1'));
    } catch (e) {
      throw new JudgeResponseError(`Evaluation LLM outputted an invalid JSON. Please use a better evaluation model. ${(e as Error).message}`);
    }
  }
}

/**
 * RAGAS's rule: start at "```json" when present, take the first `[` or `{`, and scan forward counting
 * that bracket kind until balanced (brackets inside strings are not special-cased, as in RAGAS).
 */
export function extractJsonRagas(text: string): unknown {
  const fence = text.indexOf('```json');
  const from = fence >= 0 ? fence + 7 : 0;
  const brace = text.indexOf('{', from);
  const bracket = text.indexOf('[', from);
  let start = brace;
  if (start < 0 || (bracket >= 0 && bracket < start)) start = bracket;
  if (start < 0) throw new JudgeResponseError(`The judge reply contains no JSON object or array: ${text}`);
  const open = text[start] as string;
  const close = open === '{' ? '}' : ']';
  let depth = 0;
  let end = -1;
  for (let i = start; i < text.length; i++) {
    const ch = text[i];
    if (ch === open) depth++;
    else if (ch === close && --depth === 0) { end = i + 1; break; }
  }
  const slice = end > 0 ? text.slice(start, end) : text.slice(start);
  try {
    return JSON.parse(slice);
  } catch (e) {
    throw new JudgeResponseError(`The judge reply is not valid JSON: ${(e as Error).message}`);
  }
}

/** Extracts JSON with the named rule. */
export function extractJson(text: string, rule: JsonExtractionRule): unknown {
  if (rule === 'valor') return extractJsonValor(text);
  if (rule === 'deepeval') return extractJsonDeepEval(text);
  return extractJsonRagas(text);
}

/** The first signed integer in the text (`-?\d+`), or undefined (Valor's summary-coherence parser). */
export function firstSignedInteger(text: string): number | undefined {
  const m = /-?\d+/.exec(text);
  return m ? Number.parseInt(m[0], 10) : undefined;
}

/** True for a plain JSON object (not an array or null). */
export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
