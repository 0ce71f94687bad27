import * as v from 'valibot';
import { dateArgument } from '../../core/arguments';

describe('Function: dateArgument', () => {
  const schema = dateArgument('a day');
  const messages = (input: unknown) => v.safeParse(schema, input).issues?.map((i) => i.message) ?? [];

  it('accepts a real calendar day', () => {
    expect(messages('2026-02-28')).toEqual([]);
    expect(messages('2028-02-29')).toEqual([]);
  });

  it('refuses days that do not exist and other formats, without throwing', () => {
    expect(messages('2026-02-30')).toEqual(['must be a real calendar date (YYYY-MM-DD)']);
    expect(messages('2026/01/01')).toEqual(['must be a date in the form YYYY-MM-DD']);
    expect(messages('yesterday')).toEqual(['must be a date in the form YYYY-MM-DD']);
  });
});
