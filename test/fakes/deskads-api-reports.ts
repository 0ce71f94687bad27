/**
 * The fake deskads platform's Reporting service: SubmitGenerateReport checks the report request as
 * the service does (report type, columns, aggregation against TimePeriod, at least one figure,
 * dates, scope), the report is built from the account's delivery facts (rows with impressions
 * only, grouped by the requested dimension columns), kept as a zipped CSV, and PollGenerateReport
 * answers Pending for as many polls as the test asks, then Success with the download address (none
 * when the report has no row, as the platform does).
 */
import { batchError, csvOf, WireViolation } from './deskads-api-wire';
import { LOCATIONS, locationParts, type FakeAccount, type Fact, type Wire } from './deskads-api-data';

/** A Reporting fault: an operation error code and message. */
export class ReportRefusal extends Error {
  constructor(
    readonly code: number,
    readonly errorCode: string,
    message: string,
  ) {
    super(message);
  }
}

const FIGURES = new Set([
  'Impressions',
  'Clicks',
  'Spend',
  'Conversions',
  'Revenue',
  'Ctr',
  'AverageCpc',
  'ImpressionSharePercent',
  'QualityScore',
  'ExpectedCtr',
  'AdRelevance',
  'LandingPageExperience',
]);
/** Columns that are attributes of a row's entity, not a dimension to group by. */
const ATTRIBUTES = new Set(['QualityScore', 'ExpectedCtr', 'AdRelevance', 'LandingPageExperience', 'ImpressionSharePercent']);

const DATE = (d: Wire | undefined) =>
  d && Number.isInteger(d.Year) && Number.isInteger(d.Month) && Number.isInteger(d.Day)
    ? `${String(d.Year).padStart(4, '0')}-${String(d.Month).padStart(2, '0')}-${String(d.Day).padStart(2, '0')}`
    : undefined;

/**
 * Checks a report request (already checked against the published model) and builds its CSV from
 * the account's facts. `today` is the account's today: a range may not start after it.
 */
export function buildReport(request: Wire, account: FakeAccount, accountId: string, today: string): { csv: string; rows: number } {
  const columns: string[] = request.Columns ?? [];
  if (!columns.length)
    throw new ReportRefusal(2014, 'ReportingServiceNullColumns', 'The list of columns to include in the report cannot be null or empty.');
  if (new Set(columns).size !== columns.length)
    throw new ReportRefusal(2016, 'ReportingServiceDuplicateColumns', 'The list of columns to include in the report contains duplicate.');
  const history = request.Type === 'SearchCampaignChangeHistoryReportRequest';
  if (!history && !columns.some((c) => FIGURES.has(c)))
    throw new ReportRefusal(
      2017,
      'ReportingServiceNoMeasureSelected',
      'The report request does not specify at least one measurement column.',
    );
  if (!history && !request.Aggregation)
    throw new ReportRefusal(
      2007,
      'ReportingServiceInvalidReportAggregation',
      'The report aggregation is not valid for the specified report time period.',
    );
  if (request.Aggregation === 'Summary' && columns.includes('TimePeriod'))
    throw new ReportRefusal(
      2034,
      'ReportingServiceInvalidTimePeriodColumnForSummaryReport',
      'The TimePeriod column cannot be specified in a report request that has a summary aggregation.',
    );
  if (request.Aggregation && request.Aggregation !== 'Summary' && request.Aggregation !== 'Daily')
    throw new WireViolation('ReportRequest.Aggregation', `${request.Aggregation} is not served by this fake`);
  const time: Wire = request.Time ?? {};
  const start = DATE(time.CustomDateRangeStart);
  const end = DATE(time.CustomDateRangeEnd);
  if (time.PredefinedTime || !start || !end)
    throw new ReportRefusal(
      2008,
      'ReportingServiceInvalidReportTimeSelection',
      'The report time is null or contains more than one predefined time, custom date, or custom date range start and end.',
    );
  if (end < start)
    throw new ReportRefusal(
      2011,
      'ReportingServiceEndDateBeforeStartDate',
      'The report time contains a custom date range that is not valid; the end date cannot be earlier than the start date.',
    );
  if (start > today)
    throw new ReportRefusal(2041, 'ReportingServiceInvalidFutureStartDate', 'The specified report time start date is in the future.');
  const scope: Wire = request.Scope ?? {};
  if (!Array.isArray(scope.AccountIds) || scope.AccountIds.length !== 1 || scope.AccountIds[0] !== accountId)
    throw new ReportRefusal(
      2003,
      'ReportingServiceAccountNotAuthorized',
      'The specified report request contains at least one account that you do not have privileges to access.',
    );

  if (history) {
    const rows = account.changes
      .filter((c) => c.at.slice(0, 10) >= start && c.at.slice(0, 10) <= end)
      .map((c) =>
        columns.map((col) => {
          switch (col) {
            case 'DateTime':
              return `${c.at.slice(5, 7)}/${c.at.slice(8, 10)}/${c.at.slice(0, 4)} ${c.at.slice(11, 19)}`;
            case 'ChangedBy':
              return c.changedBy;
            case 'ItemChanged':
              return c.itemChanged;
            case 'AttributeChanged':
              return c.attribute;
            case 'EntityName':
              return c.entityName;
            case 'EntityId':
              return c.entityId;
            case 'OldValue':
              return c.oldValue;
            case 'NewValue':
              return c.newValue;
            default:
              return '';
          }
        }),
      );
    return { csv: csvOf(columns, rows), rows: rows.length };
  }

  const facts = account.facts.filter((f) => f.date >= start && f.date <= end && factFits(request.Type, f));
  const dimensions = columns.filter((c) => !FIGURES.has(c) || ATTRIBUTES.has(c)).filter((c) => !ATTRIBUTES.has(c));
  const groups = new Map<string, Fact[]>();
  for (const f of facts) {
    const key = dimensions.map((d) => dimension(d, f, account, request.Aggregation === 'Summary')).join('\u0000');
    groups.set(key, [...(groups.get(key) ?? []), f]);
  }
  const rows = [...groups.values()].map((group) =>
    columns.map((col) => {
      if (!FIGURES.has(col) || ATTRIBUTES.has(col))
        return ATTRIBUTES.has(col) ? attribute(col, group[0]!, account) : dimension(col, group[0]!, account, false);
      const sum = (pick: (f: Fact) => number) => group.reduce((s, f) => s + pick(f), 0);
      switch (col) {
        case 'Impressions':
          return sum((f) => f.impressions);
        case 'Clicks':
          return sum((f) => f.clicks);
        case 'Spend':
          return (sum((f) => f.spendCents) / 100).toFixed(2);
        case 'Conversions':
          return sum((f) => f.conversions);
        case 'Revenue':
          return (sum((f) => f.revenueCents) / 100).toFixed(2);
        case 'Ctr': {
          const i = sum((f) => f.impressions);
          return i ? `${((sum((f) => f.clicks) / i) * 100).toFixed(2)}%` : '0.00%';
        }
        case 'AverageCpc': {
          const c = sum((f) => f.clicks);
          return c ? (sum((f) => f.spendCents) / 100 / c).toFixed(2) : '0.00';
        }
        default:
          return '';
      }
    }),
  );
  return { csv: csvOf(columns, rows), rows: rows.length };
}

/** Which facts a report type covers: search reports keywords' facts, the product report products'. */
function factFits(type: string, f: Fact): boolean {
  if (type === 'ProductDimensionPerformanceReportRequest') return f.merchantProductId !== undefined;
  if (type === 'KeywordPerformanceReportRequest' || type === 'SearchQueryPerformanceReportRequest') return f.keywordId !== undefined;
  if (type === 'AudiencePerformanceReportRequest') return f.keywordId !== undefined;
  return true;
}

function dimension(column: string, f: Fact, account: FakeAccount, summary: boolean): string {
  const product = account.products.find((p) => p.merchantProductId === f.merchantProductId);
  const location = locationParts(f.locationId);
  switch (column) {
    case 'TimePeriod':
      return summary ? '' : f.date;
    case 'AccountId':
      return String(account.info.Id);
    case 'CampaignId':
      return f.campaignId;
    case 'CampaignName':
      return account.campaigns.get(f.campaignId)?.Name ?? '';
    case 'CampaignType':
      return account.campaigns.get(f.campaignId)?.CampaignType ?? '';
    case 'AdGroupId':
      return f.adGroupId;
    case 'KeywordId':
      return f.keywordId ?? '';
    case 'Keyword':
      return f.keywordId ? (account.keywords.get(f.keywordId)?.wire.Text ?? '') : '';
    case 'AdId':
      return f.adId ?? '';
    case 'SearchQuery':
      return f.searchQuery ?? '';
    case 'DeviceType':
      return f.device;
    case 'Network':
      return f.network;
    case 'MerchantProductId':
      return f.merchantProductId ?? '';
    case 'Title':
      return product?.title ?? '';
    case 'Brand':
      return product?.brand ?? '';
    case 'ProductCategory1':
      return product?.category.split(' > ')[0] ?? '';
    case 'SellerName':
      return product?.seller ?? '';
    case 'StoreId':
      return product?.storeId ?? '';
    case 'Condition':
      return product?.condition ?? '';
    case 'Price':
      return product ? product.price.toFixed(2) : '';
    case 'LocationId':
      return f.locationId;
    case 'Country':
      return location.country;
    case 'State':
      return location.state;
    case 'MetroArea':
      return '';
    case 'City':
      return location.city;
    case 'MostSpecificLocation':
      return location.name;
    case 'LocationType':
      return 'Physical location';
    case 'AudienceId':
      return f.audienceId ?? '';
    case 'TargetingSetting': {
      const settings: Wire[] = account.adGroups.get(f.adGroupId)?.wire.Settings ?? [];
      const target = settings.find((s) => s.Type === 'TargetSetting')?.Details?.find((d: Wire) => d.CriterionTypeGroup === 'Audience');
      return target?.TargetAndBid ? 'Target and bid' : 'Bid only';
    }
    default:
      return '';
  }
}

function attribute(column: string, f: Fact, account: FakeAccount): string {
  if (column === 'ImpressionSharePercent')
    return f.merchantProductId ? `${(40 + (f.merchantProductId.charCodeAt(4) % 50)).toFixed(2)}%` : '';
  const quality = f.keywordId ? account.keywords.get(f.keywordId)?.quality : undefined;
  if (!quality) return '';
  switch (column) {
    case 'QualityScore':
      return String(quality.score);
    case 'ExpectedCtr':
      return String(quality.ctr);
    case 'AdRelevance':
      return String(quality.relevance);
    case 'LandingPageExperience':
      return String(quality.landing);
    default:
      return '';
  }
}

/** The locations file (version 2.0). */
export function locationsFile(): string {
  return csvOf(
    ['Location Id', 'Bing Display Name', 'Location Type', 'Replaces', 'Status', 'AdWords Location Id'],
    LOCATIONS.map((l) => [l.id, l.display, l.type, '', 'Active', '']),
  );
}

export { batchError };
