import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES, invalidInput, invalidOption } from '@tensoreval/core';

const errorsDir = join(process.cwd(), 'errors');

describe('error code pages', () => {
  it.each(Object.keys(ERROR_CODES))('%s has a page with cause and solutions', (code) => {
    const file = join(errorsDir, `${code}.md`);
    expect(existsSync(file), `${file} is missing`).toBe(true);
    const text = readFileSync(file, 'utf8');
    expect(text).toContain('## Probable cause');
    expect(text).toContain('## Possible solutions');
  });

  it('the index in errors/README.md lists every code with its meaning from ERROR_CODES', () => {
    const index = readFileSync(join(errorsDir, 'README.md'), 'utf8');
    const rows = [...index.matchAll(/^\| \[(TE-\d+)\]\(\1\.md\) \| (.+?) \|$/gm)].map((m) => [m[1], m[2]]);
    expect(Object.fromEntries(rows)).toEqual(ERROR_CODES);
  });

  it('messages point at the page of their code', () => {
    expect(invalidOption('binaryAuroc', 'maxFpr', 'a number in (0, 1]', 2).message).toMatch(/See errors\/TE-101\.md$/);
    expect(invalidInput('loadResults', { argument: 'dt.json', index: 3 }, 'have a bbox', 'none', 'TE-204').message)
      .toBe('Expected `dt.json` (record 3) of loadResults to have a bbox, but got none. See errors/TE-204.md');
  });
});
