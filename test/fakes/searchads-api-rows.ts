/**
 * The rows each FROM resource of the fake search platform answers, with deterministic metrics: a day of each ad group, campaigns and the customer as their sums, keywords, ads and search terms as exact splits, conversions per action.
 */
import { audienceRows } from './searchads-api-audience';
import { type FakeCustomer, type Obj, addDays, today } from './searchads-api-core';
import { adStrengthOf } from './searchads-api-pmax';
import { type Query, matches, splitMetrics, sumDays, valueAt, withAllConversions } from './searchads-api-query';
import { GEO_TARGET_CONSTANTS, LANGUAGE_CONSTANTS, TOPIC_CONSTANTS, USER_INTERESTS } from './searchads-api-reference';
import { createHash } from 'node:crypto';

// Metrics: a deterministic day of each ad group; a campaign is the sum of its ad groups (or its own day without any), the customer the sum of campaigns.

export function dayOf(entityId: string, date: string): Obj {
  const h = createHash('sha256').update(`${entityId}|${date}`).digest();
  const impressions = 200 + (h.readUInt16BE(0) % 3000);
  const clicks = Math.floor((impressions * (1 + (h[2]! % 50))) / 1000);
  const costMicros = clicks * (400_000 + (h.readUInt16BE(3) % 2000) * 1000);
  const conversions = (h[5]! % 4) * 0.5;
  return {
    impressions,
    clicks,
    costMicros,
    conversions,
    conversionsValue: Math.round(conversions * 4500) / 100,
    videoTrueviewViews: h[6]! % 20,
  };
}

export function metricsRows(c: FakeCustomer, level: 'customer' | 'campaign' | 'ad_group'): Obj[] {
  const dates: string[] = [];
  for (let d = addDays(today(), -400); d <= today(); d = addDays(d, 1)) dates.push(d);
  const active = (camp: Obj, date: string) =>
    camp.startDateTime.slice(0, 10) <= date && (!camp.endDateTime || camp.endDateTime.slice(0, 10) >= date) && date < today();
  const rows: Obj[] = [];
  for (const camp of c.campaigns) {
    const groups = c.adGroups.filter((g) => g.campaign === camp.resourceName);
    for (const date of dates) {
      if (!active(camp, date)) continue;
      const days = groups.length
        ? groups.map((g) => ({ group: g, day: dayOf(g.id, date) }))
        : [{ group: undefined, day: dayOf(camp.id, date) }];
      if (level === 'ad_group') {
        for (const { group, day } of days) if (group) rows.push({ campaign: camp, adGroup: group, segments: { date }, metrics: day });
      } else {
        rows.push({ campaign: camp, segments: { date }, metrics: sumDays(days.map((d) => d.day)) });
      }
    }
  }
  if (level !== 'customer') return rows;
  const byDate = new Map<string, Obj[]>();
  for (const r of rows) byDate.set(r.segments.date, [...(byDate.get(r.segments.date) ?? []), r.metrics]);
  return [...byDate.entries()].map(([date, days]) => ({ segments: { date }, metrics: sumDays(days) }));
}

/** Ad group days split among the group's members (enabled keywords, ads), each split exactly. */
export function memberRows(c: FakeCustomer, level: 'keyword_view' | 'ad_group_ad' | 'search_term_view'): Obj[] {
  const rows: Obj[] = [];
  for (const row of metricsRows(c, 'ad_group')) {
    const group = row.adGroup;
    if (level === 'ad_group_ad') {
      const ads = c.ads.filter((a) => a.adGroup === group.resourceName && a.status !== 'REMOVED');
      splitMetrics(row.metrics, ads.length).forEach((metrics, i) => rows.push({ ...row, adGroupAd: ads[i], metrics }));
      continue;
    }
    const keywords = c.adGroupCriteria.filter(
      (k) => k.adGroup === group.resourceName && k.type === 'KEYWORD' && !k.negative && k.status === 'ENABLED',
    );
    splitMetrics(row.metrics, keywords.length).forEach((metrics, i) => {
      const keyword = keywords[i]!;
      if (level === 'keyword_view')
        return rows.push({
          ...row,
          adGroupCriterion: keyword,
          keywordView: { resourceName: keyword.resourceName.replace('adGroupCriteria', 'keywordViews') },
          metrics,
        });
      const segments = { ...row.segments, keyword: { adGroupCriterion: keyword.resourceName, info: keyword.keyword } };
      const terms = [keyword.keyword.text, `${keyword.keyword.text} reviews`];
      splitMetrics(metrics, terms.length).forEach((part, j) =>
        rows.push({
          ...row,
          segments,
          searchTermView: {
            resourceName: `customers/${c.id}/searchTermViews/${row.campaign.id}~${group.id}~${Buffer.from(terms[j]!).toString('base64url')}`,
            searchTerm: terms[j],
            status: 'NONE',
          },
          metrics: part,
        }),
      );
    });
  }
  return rows;
}

/**
 * Campaign days segmented by conversion action: each day's conversions (and value) split among
 * the primary actions that are not removed, secondary actions counting a tenth of the day's
 * clicks in all conversions only.
 */
export function conversionRows(c: FakeCustomer): Obj[] {
  const primary = c.conversionActions.filter((a) => a.primaryForGoal && a.status !== 'REMOVED');
  const secondary = c.conversionActions.filter((a) => !a.primaryForGoal && a.status !== 'REMOVED');
  const rows: Obj[] = [];
  for (const row of metricsRows(c, 'campaign')) {
    splitMetrics(row.metrics, primary.length).forEach((part, i) => {
      if (!part.conversions) return;
      rows.push({
        campaign: row.campaign,
        segments: { ...row.segments, conversionAction: primary[i]!.resourceName },
        metrics: {
          conversions: part.conversions,
          conversionsValue: part.conversionsValue,
          allConversions: part.conversions,
          allConversionsValue: part.conversionsValue,
        },
      });
    });
    for (const a of secondary) {
      const n = Math.floor(row.metrics.clicks / 10);
      if (n)
        rows.push({
          campaign: row.campaign,
          segments: { ...row.segments, conversionAction: a.resourceName },
          metrics: { conversions: 0, conversionsValue: 0, allConversions: n, allConversionsValue: 0 },
        });
    }
  }
  return rows;
}

export function rowsOf(c: FakeCustomer, query: Query, customers: Map<string, FakeCustomer>): Obj[] {
  const customer = {
    id: c.id,
    resourceName: `customers/${c.id}`,
    descriptiveName: c.descriptiveName,
    currencyCode: c.currencyCode,
    timeZone: c.timeZone,
    manager: c.manager,
    status: c.status,
  };
  const campaignOf = (rn: string) => c.campaigns.find((x) => x.resourceName === rn);
  const adGroupOf = (rn: string) => c.adGroups.find((x) => x.resourceName === rn);
  const withMetrics = query.fields.some((f) => f.startsWith('metrics.') || f.startsWith('segments.'));
  const familyRows = audienceRows(c, query, customer);
  if (familyRows) return familyRows.filter((row) => query.where.every((cond) => matches(valueAt(row, cond.field), cond)));
  let rows: Obj[];
  switch (query.from) {
    case 'customer':
      rows = withMetrics ? metricsRows(c, 'customer').map((r) => ({ customer, ...r })) : [{ customer }];
      break;
    case 'customer_client':
      rows = c.clients
        .map((id) => customers.get(id))
        .filter((x): x is FakeCustomer => Boolean(x))
        .map((cl) => ({
          customer,
          customerClient: {
            id: cl.id,
            resourceName: `customers/${c.id}/customerClients/${cl.id}`,
            clientCustomer: `customers/${cl.id}`,
            descriptiveName: cl.descriptiveName,
            currencyCode: cl.currencyCode,
            timeZone: cl.timeZone,
            manager: cl.manager,
            status: cl.status,
            level: '1',
          },
        }));
      break;
    case 'campaign':
      rows = withMetrics
        ? (query.fields.includes('segments.conversion_action')
            ? conversionRows(c)
            : metricsRows(c, 'campaign').map(withAllConversions(c))
          ).map((r) => ({ ...r, campaignBudget: c.budgets.find((b) => b.resourceName === r.campaign.campaignBudget), customer }))
        : c.campaigns.map((campaign) => ({
            campaign,
            campaignBudget: c.budgets.find((b) => b.resourceName === campaign.campaignBudget),
            customer,
          }));
      break;
    case 'campaign_budget':
      rows = c.budgets.map((campaignBudget) => ({ campaignBudget, customer }));
      break;
    case 'ad_group':
      rows = withMetrics
        ? metricsRows(c, 'ad_group').map((r) => ({ ...r, customer }))
        : c.adGroups.map((adGroup) => ({ adGroup, campaign: campaignOf(adGroup.campaign), customer }));
      break;
    case 'shared_set':
      rows = c.sharedSets.map((sharedSet) => ({ sharedSet, customer }));
      break;
    case 'shared_criterion':
      rows = c.sharedCriteria.map((sharedCriterion) => ({
        sharedCriterion,
        sharedSet: c.sharedSets.find((x) => x.resourceName === sharedCriterion.sharedSet),
        customer,
      }));
      break;
    case 'campaign_shared_set':
      rows = c.campaignSharedSets.map((campaignSharedSet) => ({
        campaignSharedSet,
        campaign: campaignOf(campaignSharedSet.campaign),
        sharedSet: c.sharedSets.find((x) => x.resourceName === campaignSharedSet.sharedSet),
        customer,
      }));
      break;
    case 'keyword_view':
    case 'search_term_view':
      rows = memberRows(c, query.from).map((r) => ({ ...r, customer }));
      break;
    case 'ad_group_ad':
      if (withMetrics) {
        rows = memberRows(c, 'ad_group_ad').map((r) => ({ ...r, customer }));
        break;
      }
      rows = c.ads.map((adGroupAd) => {
        const adGroup = adGroupOf(adGroupAd.adGroup)!;
        return { adGroupAd, adGroup, campaign: campaignOf(adGroup.campaign), customer };
      });
      break;
    case 'ad_group_criterion':
      rows = c.adGroupCriteria.map((adGroupCriterion) => {
        const adGroup = adGroupOf(adGroupCriterion.adGroup)!;
        return { adGroupCriterion, adGroup, campaign: campaignOf(adGroup.campaign), customer };
      });
      break;
    case 'campaign_criterion':
      rows = c.campaignCriteria.map((campaignCriterion) => ({
        campaignCriterion,
        campaign: campaignOf(campaignCriterion.campaign),
        customer,
      }));
      break;
    case 'asset':
      rows = c.assets.map((asset) => ({ asset, customer }));
      break;
    case 'campaign_asset':
      rows = c.campaignAssets.map((campaignAsset) => ({
        campaignAsset,
        campaign: campaignOf(campaignAsset.campaign),
        asset: c.assets.find((a) => a.resourceName === campaignAsset.asset),
        customer,
      }));
      break;
    case 'bidding_strategy':
      rows = c.biddingStrategies.map((biddingStrategy) => ({
        biddingStrategy: {
          ...biddingStrategy,
          campaignCount: String(
            c.campaigns.filter((x) => x.biddingStrategy === biddingStrategy.resourceName && x.status !== 'REMOVED').length,
          ),
        },
        customer,
      }));
      break;
    case 'campaign_label':
      rows = c.campaignLabels.map((campaignLabel) => ({
        campaignLabel,
        campaign: campaignOf(campaignLabel.campaign),
        label: c.labels.find((l) => l.resourceName === campaignLabel.label),
        customer,
      }));
      break;
    case 'ad_group_label':
      rows = c.adGroupLabels.map((adGroupLabel) => {
        const adGroup = adGroupOf(adGroupLabel.adGroup)!;
        return {
          adGroupLabel,
          adGroup,
          campaign: campaignOf(adGroup.campaign),
          label: c.labels.find((l) => l.resourceName === adGroupLabel.label),
          customer,
        };
      });
      break;
    case 'ad_group_ad_label':
      rows = c.adGroupAdLabels.map((adGroupAdLabel) => {
        const adGroupAd = c.ads.find((a) => a.resourceName === adGroupAdLabel.adGroupAd)!;
        const adGroup = adGroupOf(adGroupAd.adGroup)!;
        return {
          adGroupAdLabel,
          adGroupAd,
          adGroup,
          campaign: campaignOf(adGroup.campaign),
          label: c.labels.find((l) => l.resourceName === adGroupAdLabel.label),
          customer,
        };
      });
      break;
    case 'ad_group_criterion_label':
      rows = c.adGroupCriterionLabels.map((adGroupCriterionLabel) => {
        const adGroupCriterion = c.adGroupCriteria.find((k) => k.resourceName === adGroupCriterionLabel.adGroupCriterion)!;
        const adGroup = adGroupOf(adGroupCriterion.adGroup)!;
        return {
          adGroupCriterionLabel,
          adGroupCriterion,
          adGroup,
          campaign: campaignOf(adGroup.campaign),
          label: c.labels.find((l) => l.resourceName === adGroupCriterionLabel.label),
          customer,
        };
      });
      break;
    case 'label':
      rows = c.labels.map((label) => ({ label, customer }));
      break;
    case 'asset_group':
      rows = c.assetGroups.map((assetGroup) => ({
        assetGroup: { ...assetGroup, adStrength: adStrengthOf(c, assetGroup) },
        campaign: campaignOf(assetGroup.campaign),
        customer,
      }));
      break;
    case 'asset_group_asset':
      rows = c.assetGroupAssets.map((assetGroupAsset) => ({
        assetGroupAsset,
        assetGroup: c.assetGroups.find((g) => g.resourceName === assetGroupAsset.assetGroup),
        campaign: campaignOf(c.assetGroups.find((g) => g.resourceName === assetGroupAsset.assetGroup)?.campaign ?? ''),
        asset: c.assets.find((a) => a.resourceName === assetGroupAsset.asset),
        customer,
      }));
      break;
    case 'asset_group_signal':
      rows = c.assetGroupSignals.map((assetGroupSignal) => ({
        assetGroupSignal,
        assetGroup: c.assetGroups.find((g) => g.resourceName === assetGroupSignal.assetGroup),
        campaign: campaignOf(c.assetGroups.find((g) => g.resourceName === assetGroupSignal.assetGroup)?.campaign ?? ''),
        customer,
      }));
      break;
    case 'audience':
      rows = c.audiences.map((audience) => ({ audience, customer }));
      break;
    case 'asset_group_listing_group_filter':
      rows = c.listingGroupFilters.map((assetGroupListingGroupFilter) => ({
        assetGroupListingGroupFilter,
        assetGroup: c.assetGroups.find((g) => g.resourceName === assetGroupListingGroupFilter.assetGroup),
        campaign: campaignOf(c.assetGroups.find((g) => g.resourceName === assetGroupListingGroupFilter.assetGroup)?.campaign ?? ''),
        customer,
      }));
      break;
    case 'user_interest':
      rows = USER_INTERESTS.map((u) => ({
        userInterest: {
          ...u,
          resourceName: `customers/${c.id}/userInterests/${u.userInterestId}`,
          userInterestParent: u.userInterestParent?.replace('customers/0/', `customers/${c.id}/`),
        },
      }));
      break;
    case 'custom_audience':
      rows = c.customAudiences.map((customAudience) => ({ customAudience, customer }));
      break;
    case 'user_list':
      rows = c.userLists.map((userList) => ({ userList, customer }));
      break;
    case 'conversion_action':
      rows = c.conversionActions.map((conversionAction) => ({ conversionAction, customer }));
      break;
    case 'product_link':
      rows = c.productLinks.map((productLink) => ({ productLink, customer }));
      break;
    case 'product_link_invitation':
      rows = c.productLinkInvitations.map((productLinkInvitation) => ({ productLinkInvitation, customer }));
      break;
    case 'topic_constant':
      rows = TOPIC_CONSTANTS.map((t) => ({ topicConstant: t }));
      break;
    case 'language_constant':
      rows = LANGUAGE_CONSTANTS.map((l) => ({ languageConstant: { ...l, resourceName: `languageConstants/${l.id}` } }));
      break;
    default:
      rows = GEO_TARGET_CONSTANTS.map((geoTargetConstant) => ({ geoTargetConstant }));
  }
  return rows.filter((row) => query.where.every((cond) => matches(valueAt(row, cond.field), cond)));
}
