import { arrayOf, bool, int, num, oneOfValues, str, type JsonSchema } from './json-schema';
import type { MethodSchema, TaskSchema } from './task-schema';

/**
 * Schemas of the parameters the Valor-model tasks (classification, object detection, semantic
 * segmentation) and the judged `text_generation` metrics take, by keyword name. Their method tables
 * list parameter names only; these give each name its schema once.
 */
export const KNOWN_PARAMETERS: Readonly<Record<string, JsonSchema>> = {
  score_thresholds: arrayOf(num('a score threshold'), "Valor's score thresholds"),
  iou_thresholds: arrayOf(num('an IoU threshold', { minimum: 0, maximum: 1 }), "Valor's IoU thresholds in [0, 1]"),
  pos_threshold: num('TIDE foreground IoU t_f: a prediction is a true positive at IoU >= t_f (default 0.5)', { minimum: 0, maximum: 1 }),
  bg_threshold: num('TIDE background IoU t_b: at or below it a prediction overlaps nothing (default 0.1; at most pos_threshold)', { minimum: 0, maximum: 1 }),
  hardmax: bool("Valor's hardmax: only each datum's top-scoring prediction counts"),
  weights: arrayOf(num('a weight'), 'n-gram weights (BLEU) or component weights (answer correctness)'),
  limit: int('keep at most this many examples (pagination)', { minimum: 1 }),
  offset: int('skip this many examples (pagination)', { minimum: 0 }),
  pairs: arrayOf({ type: 'array' }, 'the (ground truth, prediction) annotation pairs whose IoU to report'),
  prediction: str('the predicted text'),
  references: arrayOf(str('a reference text'), 'reference texts'),
  semantics: oneOfValues('whose rules and prompts the judged metric follows', ['valor', 'ragas', 'deepeval', 'open-rag-eval', 'h2o']),
  penalize_ambiguous_claims: bool('DeepEval: "idk" verdicts count against faithfulness'),
  beta: num('F-beta of the factuality part (RAGAS answer correctness)', { exclusiveMinimum: 0 }),
  mode: oneOfValues('RAGAS noise sensitivity mode', ['relevant', 'irrelevant']),
  strictness: int('RAGAS: questions generated per response', { minimum: 1 }),
  k_values: arrayOf(int('a cut-off', { minimum: 0 }), 'retrieval cut-offs K'),
  threshold: num('grade at or above which a passage is relevant'),
  n: int('DeepEval summarization: assessment questions to generate', { minimum: 1 }),
  assessment_questions: arrayOf(str('a question'), 'DeepEval summarization: fixed assessment questions'),
  template: str('H2O BYOP: the judge prompt template'),
};

/** A task schema from a method table of parameter names (each looked up in {@link KNOWN_PARAMETERS}). */
export function schemaFromMethodTable(description: string, data: JsonSchema, methods: Readonly<Record<string, readonly string[]>>, blocks?: TaskSchema['blocks']): TaskSchema {
  const out: Record<string, MethodSchema> = {};
  for (const [method, names] of Object.entries(methods)) {
    out[method] = { description: method, parameters: Object.fromEntries(names.map((name) => [name, KNOWN_PARAMETERS[name] ?? {}])) };
  }
  return { description, data, methods: out, ...(blocks ? { blocks } : {}) };
}
