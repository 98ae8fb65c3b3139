import type { JudgedMetricDefinition, JudgedMetricFn } from '../judged-metric';
import { byop, byopVerdict, BYOP_CHECK_TEMPLATES } from './byop';
import { factCheck } from './fact-check';

const check = (template: string): JudgedMetricFn => (ctx, d) => byopVerdict(ctx, d, template);

/** H2O's BYOP judge and the checks built on it; a record's value is 1 (passed) or 0 (failed). */
export const H2O_METRIC_DEFINITIONS: Record<string, JudgedMetricDefinition> = {
  byop: { type: 'BYOP', defaultSemantics: 'h2o', variants: { h2o: byop } },
  language_mismatch: { type: 'LanguageMismatch', defaultSemantics: 'h2o', variants: { h2o: check(BYOP_CHECK_TEMPLATES.language_mismatch) } },
  sexism: { type: 'Sexism', defaultSemantics: 'h2o', variants: { h2o: check(BYOP_CHECK_TEMPLATES.sexism) } },
  stereotypes: { type: 'Stereotypes', defaultSemantics: 'h2o', variants: { h2o: check(BYOP_CHECK_TEMPLATES.stereotypes) } },
  fact_check: { type: 'FactCheck', defaultSemantics: 'h2o', variants: { h2o: factCheck } },
  contact_information: { type: 'ContactInformationLeakage', defaultSemantics: 'h2o', variants: { h2o: check(BYOP_CHECK_TEMPLATES.contact_information) } },
};
