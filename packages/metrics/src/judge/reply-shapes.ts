import { JudgeResponseError } from './errors';
import { extractJson, isJsonObject, type JsonExtractionRule } from './json-extraction';
import { askJudge, type JudgeContext } from './judge-context';
import type { JudgeResponseSchema } from './types';

// Reply checks shared by the DeepEval, RAGAS and open-rag-eval steps (Valor has its own, exact ones).

/** Asks the judge and extracts a JSON object from the reply with the given rule. */
export async function askForObject(ctx: JudgeContext, rule: JsonExtractionRule, prompt: string, schema?: JudgeResponseSchema): Promise<Record<string, unknown>> {
  const parsed = extractJson(await askJudge(ctx, prompt, schema ? { responseSchema: schema } : undefined), rule);
  if (!isJsonObject(parsed)) throw new JudgeResponseError(`The judge reply is not a JSON object: ${JSON.stringify(parsed)}`);
  return parsed;
}

/** `reply[key]` as a list of strings. */
export function stringListField(reply: Record<string, unknown>, key: string): string[] {
  const list = reply[key];
  if (!Array.isArray(list) || !list.every((v) => typeof v === 'string')) {
    throw new JudgeResponseError(`The judge reply must hold '${key}' as a list of strings: ${JSON.stringify(reply)}`);
  }
  return list as string[];
}

/** `reply[key]` as a list of objects, each with `field` of the given type; returns those fields. */
export function objectListField<T extends 'string' | 'number'>(reply: Record<string, unknown>, key: string, field: string, type: T, length?: number): (T extends 'string' ? string : number)[] {
  const list = reply[key];
  if (!Array.isArray(list)) throw new JudgeResponseError(`The judge reply must hold '${key}' as a list: ${JSON.stringify(reply)}`);
  if (length !== undefined && list.length !== length) {
    throw new JudgeResponseError(`The judge reply must hold ${length} entries in '${key}', not ${list.length}: ${JSON.stringify(reply)}`);
  }
  return list.map((item, i) => {
    let value = isJsonObject(item) ? item[field] : undefined;
    // Pydantic's lax mode (RAGAS, DeepEval) reads an integer field given as a numeric string.
    if (type === 'number' && typeof value === 'string' && /^\s*-?\d+\s*$/.test(value)) value = Number(value);
    if (typeof value !== type) throw new JudgeResponseError(`Entry ${i} of '${key}' in the judge reply must have a ${type} '${field}': ${JSON.stringify(reply)}`);
    return value as T extends 'string' ? string : number;
  });
}

export function stringListSchema(key: string): JudgeResponseSchema {
  return { name: key, schema: { type: 'object', properties: { [key]: { type: 'array', items: { type: 'string' } } }, required: [key] } };
}

export function objectListSchema(key: string, properties: Record<string, unknown>): JudgeResponseSchema {
  const item = { type: 'object', properties, required: Object.keys(properties) };
  return { name: key, schema: { type: 'object', properties: { [key]: { type: 'array', items: item } }, required: [key] } };
}
