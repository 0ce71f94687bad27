import { normaliseIds } from '../../functions/catalog/example-answers';

describe('recorded example answers: random parts become stable stand-ins', () => {
  it('a key whose shown characters include a dash or an underscore gets the same stand-in as any other key', () => {
    // The shown part of a key is random URL-safe characters: a dash in it is part of the draw.
    const shown = (random: string) => normaliseIds(`| sk_live_${random} | add_keywords |`);
    expect([shown('Ab3x'), shown('A-3x'), shown('-b_x'), shown('Ab3-')]).toEqual(Array(4).fill('| sk_live_0001 | add_keywords |'));
  });

  it("keeps a UUID's dashes and numbers equal ids alike, in order of first appearance", () => {
    const a = '0f8fad5b-d9cb-469f-a165-70867728950e';
    const b = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
    expect(normaliseIds(`${a} ${b} ${a}`)).toBe(
      '00000000-0000-0000-0000-000000000001 00000000-0000-0000-0000-000000000002 00000000-0000-0000-0000-000000000001',
    );
  });
});
