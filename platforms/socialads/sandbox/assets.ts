/**
 * The socialads sandbox's assets and audiences: pages, Instagram accounts, images, videos, lead forms
 * and their leads, pixels, domain redirects, custom audiences and the targeting search.
 */
import { isoDate } from '../../../core/dates';
import { digits } from '../../sandbox/ids';
import { hash32 } from '../../sandbox/metrics';
import type { SandboxStore } from '../../sandbox/store';
import { deliveredAdDays, type StoredAd, type StoredAdSet, type StoredCampaign } from './delivery';
import { leadAnswer, TARGETING_OPTIONS } from './reference';
import { KIND } from './stored';
import type {
  SocialAdsCustomAudience,
  SocialAdsLead,
  SocialAdsTargetingOption,
  SocialAdsTargetingType,
  SocialAdsDomainRedirect,
  SocialAdsImage,
  SocialAdsInstagramAccount,
  SocialAdsLeadForm,
  SocialAdsPage,
  SocialAdsPixel,
  SocialAdsVideo,
} from '../port';

export class AssetsSandbox {
  constructor(private readonly store: SandboxStore) {}

  listCustomAudiences(): Promise<SocialAdsCustomAudience[]> {
    return this.store.list<SocialAdsCustomAudience>(KIND.customAudience);
  }

  async searchTargeting(query: { type: SocialAdsTargetingType; q?: string }): Promise<SocialAdsTargetingOption[]> {
    const needle = query.q?.trim().toLowerCase();
    return TARGETING_OPTIONS.filter((o) => o.type === query.type && (!needle || o.name.toLowerCase().includes(needle)));
  }

  async listLeads(formId: string, timeRange: { since: string; until: string }): Promise<SocialAdsLead[]> {
    const form = await this.store.require<SocialAdsLeadForm>(KIND.leadForm, formId);
    const [campaigns, adSets, ads] = await Promise.all([
      this.store.list<StoredCampaign>(KIND.campaign, { withHistory: true }),
      this.store.list<StoredAdSet>(KIND.adSet, { withHistory: true }),
      this.store.list<StoredAd>(KIND.ad, { withHistory: true }),
    ]);
    const leads: SocialAdsLead[] = [];
    for (const day of deliveredAdDays({ campaigns, adSets, ads }, timeRange.since, timeRange.until, isoDate(new Date()), this.store.pk)) {
      if (day.ad.creative.lead_form_id !== formId || campaigns.find((c) => c.id === day.ad.campaign_id)?.objective !== 'OUTCOME_LEADS')
        continue;
      for (let i = 0; i < day.conversions; i++) {
        const n = hash32(`${day.ad.id}|${day.date}|lead|${i}`);
        const minute = n % (24 * 60);
        leads.push({
          id: String(1_000_000_000_000_000 + (n % 1_000_000_000) * 1000 + i),
          form_id: formId,
          ad_id: day.ad.id,
          ad_set_id: day.ad.ad_set_id,
          campaign_id: day.ad.campaign_id,
          created_time: `${day.date}T${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}:00+0000`,
          field_data: form.questions.map((q) => ({ name: q.toLowerCase(), value: leadAnswer(q, n) })),
        });
      }
    }
    return leads.sort((a, b) => b.created_time.localeCompare(a.created_time) || a.id.localeCompare(b.id));
  }

  listPages(): Promise<SocialAdsPage[]> {
    return this.store.list<SocialAdsPage>(KIND.page);
  }

  listInstagramAccounts(): Promise<SocialAdsInstagramAccount[]> {
    return this.store.list<SocialAdsInstagramAccount>(KIND.instagram);
  }

  listImages(): Promise<SocialAdsImage[]> {
    return this.store.list<SocialAdsImage>(KIND.image);
  }

  findImage(hash: string): Promise<SocialAdsImage | undefined> {
    return this.store.get<SocialAdsImage>(KIND.image, hash);
  }

  async uploadImage(upload: { url: string; name: string }): Promise<SocialAdsImage> {
    const hash = imageHashOf(upload.url);
    // The sandbox cannot read the file: a size in the file name ("hero-1200x628.jpg") stands for its pixels, 1080x1080 otherwise.
    const size = /(\d{2,5})x(\d{2,5})/.exec(upload.name);
    const image: SocialAdsImage = {
      id: hash,
      hash,
      name: upload.name,
      url: upload.url,
      width: size ? Number(size[1]) : 1080,
      height: size ? Number(size[2]) : 1080,
      origin: 'url',
      created_at: new Date().toISOString(),
    };
    return (await this.store.get<SocialAdsImage>(KIND.image, hash)) ?? this.store.create(KIND.image, image);
  }

  async copyImage(source: { account_id: string; image: SocialAdsImage }): Promise<SocialAdsImage> {
    const hash = source.image.hash;
    const copy: SocialAdsImage = {
      ...source.image,
      id: hash,
      origin: 'copied',
      copied_from_account: source.account_id,
      created_at: new Date().toISOString(),
    };
    return (await this.store.get<SocialAdsImage>(KIND.image, hash)) ?? this.store.create(KIND.image, copy);
  }

  listVideos(): Promise<SocialAdsVideo[]> {
    return this.store.list<SocialAdsVideo>(KIND.video);
  }

  findVideo(videoId: string): Promise<SocialAdsVideo | undefined> {
    return this.store.get<SocialAdsVideo>(KIND.video, videoId);
  }

  uploadVideo(upload: { source_url: string; title: string; thumbnail_url?: string }): Promise<SocialAdsVideo> {
    return this.store.create<SocialAdsVideo>(KIND.video, {
      id: digits(16),
      title: upload.title,
      length_seconds: 0,
      thumbnail_url: upload.thumbnail_url ?? '',
      source_url: upload.source_url,
      status: 'processing',
      created_at: new Date().toISOString(),
    });
  }

  listLeadForms(): Promise<SocialAdsLeadForm[]> {
    return this.store.list<SocialAdsLeadForm>(KIND.leadForm);
  }

  listPixels(): Promise<SocialAdsPixel[]> {
    return this.store.list<SocialAdsPixel>(KIND.pixel);
  }

  listDomainRedirects(): Promise<SocialAdsDomainRedirect[]> {
    return this.store.list<SocialAdsDomainRedirect>(KIND.redirect);
  }
}

/** A Meta-style image hash (32 hex characters) derived from content identity. */
export function imageHashOf(content: string): string {
  let out = '';
  for (let i = 0; out.length < 32; i++) out += hash32(`${content}#${i}`).toString(16).padStart(8, '0');
  return out.slice(0, 32);
}

/** The brand's domain, from the account name ("Northwind Outdoor (socialads sandbox)" → northwindoutdoor.com). */
export function brandDomain(accountName: string): string {
  const brand = accountName
    .split(' (')[0]
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
  return `${brand || 'example'}.com`;
}
