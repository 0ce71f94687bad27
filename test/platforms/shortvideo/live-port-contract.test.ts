/** The shortvideo port contract, run against the live adapter over the fake Business API. */
import { createLogger } from '../../../functions/runtime/log';
import { shortvideo } from '../../../platforms/shortvideo/manifest';
import { useTestTables } from '../../support/gateway';
import { describePortContract } from './port-contract';
import { liveShortVideoOwner, useFakeShortVideoApi } from './live-support';

useTestTables();
const platform = useFakeShortVideoApi();

const call = () => ({
  signal: new AbortController().signal,
  deadline: Date.now() + 60_000,
  log: createLogger({ test: 'shortvideo live port contract' }),
});

describePortContract('live adapter over the fake Business API', async () => {
  const { account } = await liveShortVideoOwner(platform);
  return shortvideo.open(account, call());
});
