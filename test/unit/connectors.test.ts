import { PLATFORMS } from '../../platforms';
import { CONNECTORS } from '../../platforms/connectors';

describe('the live connectors without the tools (platforms/connectors.ts)', () => {
  it('are the connectors the manifests carry, platform by platform', () => {
    expect(Object.keys(CONNECTORS)).toEqual(PLATFORMS.map((platform) => platform.word));
    for (const platform of PLATFORMS)
      expect([platform.word, CONNECTORS[platform.word] === platform.connector]).toEqual([platform.word, true]);
  });
});
