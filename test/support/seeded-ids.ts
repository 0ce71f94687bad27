import { relative } from 'node:path';
import { drawFreshIdsFrom } from '../../platforms/sandbox/ids';
import { seededRandom } from '../../platforms/sandbox/metrics';

/**
 * Every test file draws its fresh sandbox ids (new accounts, entities created by tools) from a stream
 * seeded by its own path from the project's root, not from Math.random: a sandbox account's campaigns
 * and figures follow from its id, so a file sees the same accounts on every run and every machine.
 * A check that holds for most accounts but not all fails every time or never, instead of now and then
 * (stop 46's CI: one fresh shortvideo account in about 30 shows no waste high enough to pause).
 * A file may still draw from its own stream (test/e2e/examples.test.ts does).
 */
const path = relative(process.cwd(), expect.getState().testPath ?? '')
  .split('\\')
  .join('/');
drawFreshIdsFrom(seededRandom(`test file ${path}`));
