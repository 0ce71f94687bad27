/**
 * Reports of a live deskads account: submitted, polled and downloaded (a zipped CSV) from the
 * allowed hosts; a report not ready within the call answers 503 report_pending and the same call
 * made again collects the same report (no second request); a file on another host is refused.
 */
import { GatewayError } from '../../../core/errors';
import { operatorCall } from '../../../platforms/live/connector';
import { deskads } from '../../../platforms/deskads/manifest';
import type { DeskAdsReportRequest } from '../../../platforms/deskads/port';
import { callToolOk, useTestTables } from '../../support/gateway';
import { deskAdsLiveOwner, useFakeDeskAds } from './live-support';

useTestTables();
const platform = useFakeDeskAds();

const submitted = () => platform.requests.filter((r) => r.operation === 'Reporting.SubmitGenerateReport').length;
const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (err: unknown) => err as GatewayError,
  );

describe('Live deskads reports', () => {
  afterEach(() => {
    platform.reportPolls = 0;
  });

  it('the locations file is downloaded once and kept: a second lookup asks the platform nothing', async () => {
    const { account } = await deskAdsLiveOwner(platform);
    const adapter = deskads.open(account, operatorCall(30_000));
    const asked = () => platform.requests.filter((r) => r.operation === 'CampaignManagement.GetGeoLocationsFileUrl').length;
    const first = await adapter.listGeoLocations();
    expect(first.length).toBeGreaterThan(0);
    const [askedBefore, downloadsBefore] = [asked(), platform.downloads.length];
    expect(await adapter.listGeoLocations()).toEqual(first);
    expect([asked(), platform.downloads.length]).toEqual([askedBefore, downloadsBefore]);
  }, 120_000);

  it('a report tool reads its figures from the downloaded report', async () => {
    const { apiKey, account } = await deskAdsLiveOwner(platform);
    const before = platform.downloads.length;
    const data = await callToolOk(apiKey, 'get_deskads_campaign_performance', {});
    expect(platform.downloads.length).toBeGreaterThan(before);
    const rows = data.structured!.campaigns as { spend?: number; cost?: number }[];
    expect(rows.length).toBeGreaterThan(0);
    expect(platform.requests.some((r) => r.operation === 'Reporting.PollGenerateReport')).toBe(true);
    expect(account.mode).toBe('live');
  });

  it('a report not ready within the call answers report_pending; the same call again collects it without a new request', async () => {
    const { account } = await deskAdsLiveOwner(platform);
    const end = platform.accountToday(account.account_id, -1);
    const request: DeskAdsReportRequest = {
      report_type: 'CampaignPerformance',
      aggregation: 'Summary',
      start_date: platform.accountToday(account.account_id, -7),
      end_date: end,
    };
    platform.reportPolls = 1_000;
    const before = submitted();
    const pending = await failureOf(deskads.open(account, operatorCall(2_500)).getReport(request));
    expect(pending).toBeInstanceOf(GatewayError);
    expect(pending!.statusCode).toBe(503);
    expect(pending!.structuredContent.code).toBe('report_pending');
    expect(Number(pending!.headers['Retry-After'])).toBeGreaterThan(0);
    expect(submitted()).toBe(before + 1);

    platform.finishReports();
    const rows = await deskads.open(account, operatorCall(30_000)).getReport(request);
    expect(rows.length).toBeGreaterThan(0);
    expect(submitted()).toBe(before + 1);
  });

  it('a report file on a host outside DESKADS_DOWNLOAD_HOSTS is not downloaded', async () => {
    const { account } = await deskAdsLiveOwner(platform);
    const saved = process.env.DESKADS_DOWNLOAD_HOSTS;
    process.env.DESKADS_DOWNLOAD_HOSTS = 'files.example.com';
    try {
      const downloads = platform.downloads.length;
      const refused = await failureOf(
        deskads.open(account, operatorCall(30_000)).getReport({
          report_type: 'AdGroupPerformance',
          aggregation: 'Daily',
          start_date: platform.accountToday(account.account_id, -5),
          end_date: platform.accountToday(account.account_id, -1),
        }),
      );
      expect(refused?.structuredContent.code).toBe('upstream_unavailable');
      expect(refused?.message).toContain('does not download from');
      expect(platform.downloads.length).toBe(downloads);
    } finally {
      process.env.DESKADS_DOWNLOAD_HOSTS = saved;
    }
  });
});
