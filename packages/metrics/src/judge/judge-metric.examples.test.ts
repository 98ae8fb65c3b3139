import { expect, it } from 'vitest';
import { judgeMetric, ScriptedJudgeClient } from '.';

// The @example of judgeMetric, run as written.

it('judgeMetric example', async () => {
  const judge = new ScriptedJudgeClient([
    '{"claims": ["Paris is in France."]}',
    '{"verdicts": [{"analysis": "The context says so.", "verdict": "yes"}]}',
  ]);
  expect(await judgeMetric('faithfulness', judge, { response: 'Paris is in France.', context: ['Paris is the capital of France.'] })).toBe(1);
});
