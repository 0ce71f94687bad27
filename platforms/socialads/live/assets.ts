import { ToolError } from '../../../core/errors';
import { fetchImage } from '../../image-check';
import type {
  SocialAdsAudienceSubtype,
  SocialAdsCustomAudience,
  SocialAdsImage,
  SocialAdsLead,
  SocialAdsLeadForm,
  SocialAdsPage,
  SocialAdsPixel,
  SocialAdsPort,
  SocialAdsTargetingOption,
  SocialAdsTargetingType,
  SocialAdsVideo,
} from '../port';
import { PLACEHOLDER_ID, type LiveContext } from './context';
import { isoOf } from './wire';

type AssetMethods = Pick<
  SocialAdsPort,
  | 'listPages'
  | 'listInstagramAccounts'
  | 'listImages'
  | 'findImage'
  | 'uploadImage'
  | 'copyImage'
  | 'listVideos'
  | 'findVideo'
  | 'uploadVideo'
  | 'listLeadForms'
  | 'listLeads'
  | 'listPixels'
  | 'listDomainRedirects'
  | 'listCustomAudiences'
  | 'searchTargeting'
>;

interface WirePage {
  id: string;
  name: string;
  category?: string;
  is_published?: boolean;
  instagram_business_account?: { id: string; username?: string };
}
interface WireImage {
  hash: string;
  name?: string;
  url?: string;
  permalink_url?: string;
  width?: number;
  height?: number;
  created_time?: string;
}
interface WireVideo {
  id: string;
  title?: string;
  length?: number;
  picture?: string;
  source?: string;
  status?: { video_status?: string };
  created_time?: string;
}
interface WireLeadForm {
  id: string;
  name: string;
  status?: string;
  questions?: { key?: string; type: string }[];
}
interface WireLead {
  id: string;
  created_time: string;
  ad_id?: string;
  adset_id?: string;
  campaign_id?: string;
  form_id?: string;
  field_data?: { name: string; values: string[] }[];
}
interface WireAudience {
  id: string;
  name: string;
  subtype?: string;
  approximate_count_lower_bound?: number;
  approximate_count_upper_bound?: number;
  delivery_status?: { code: number; description: string };
  retention_days?: number;
  lookalike_spec?: { ratio?: number; country?: string; origin?: { id: string }[] };
  pixel_id?: string;
  time_updated?: number;
}
interface WireTargetingOption {
  id: string;
  name: string;
  type?: string;
  path?: string[];
  audience_size_lower_bound?: number;
  audience_size_upper_bound?: number;
}
interface WireLocation {
  key: string;
  name: string;
  type: string;
  country_code?: string;
}

const PAGE_FIELDS = 'id,name,category,is_published,instagram_business_account{id,username}';
const IMAGE_FIELDS = 'hash,name,url,permalink_url,width,height,created_time';
const VIDEO_FIELDS = 'id,title,length,picture,source,status,created_time';
const AUDIENCE_FIELDS =
  'id,name,subtype,approximate_count_lower_bound,approximate_count_upper_bound,delivery_status,retention_days,lookalike_spec,pixel_id,time_updated';
const OPTION_FIELDS = 'id,name,type,path,audience_size_lower_bound,audience_size_upper_bound';
const SUBTYPES = new Set<SocialAdsAudienceSubtype>(['CUSTOM', 'WEBSITE', 'ENGAGEMENT', 'APP', 'LOOKALIKE']);

const imageOf = (i: WireImage): SocialAdsImage => ({
  id: i.hash,
  hash: i.hash,
  name: i.name ?? i.hash,
  url: i.url ?? i.permalink_url ?? '',
  width: i.width ?? 0,
  height: i.height ?? 0,
  created_at: isoOf(i.created_time),
  // The platform does not say how an image came into the account.
  origin: 'upload',
});

const videoOf = (v: WireVideo): SocialAdsVideo => ({
  id: v.id,
  title: v.title ?? '',
  length_seconds: Math.round(v.length ?? 0),
  thumbnail_url: v.picture ?? '',
  ...(v.source ? { source_url: v.source } : {}),
  status: v.status?.video_status === 'ready' ? 'ready' : 'processing',
  created_at: isoOf(v.created_time),
});

/** Pages, profiles, images, videos, lead forms and leads, pixels, audiences and targeting options of a live account. */
export function assetFamily(ctx: LiveContext): AssetMethods {
  const { graph, act } = ctx;
  const pages = () => graph.list<WirePage>(`${act}/promote_pages`, { fields: PAGE_FIELDS });
  const findImage = async (hash: string): Promise<SocialAdsImage | undefined> => {
    const [image] = await graph.list<WireImage>(`${act}/adimages`, { hashes: [hash], fields: IMAGE_FIELDS });
    return image ? imageOf(image) : undefined;
  };
  const findVideo = async (id: string): Promise<SocialAdsVideo | undefined> => {
    if (!/^\d+$/.test(id)) return undefined;
    try {
      return videoOf(await graph.get<WireVideo>(id, { fields: VIDEO_FIELDS }, { what: 'video', id }));
    } catch (err) {
      if (err instanceof ToolError && err.structuredContent.code === 'not_found') return undefined;
      throw err;
    }
  };
  /** An image stored by hash: the hash the platform answered, read back (a dry run only checks the source). */
  const stored = async (body: { images?: Record<string, { hash: string }> } | undefined, name: string): Promise<SocialAdsImage> => {
    const hash = Object.values(body?.images ?? {})[0]?.hash;
    if (!hash) {
      return {
        id: PLACEHOLDER_ID,
        hash: PLACEHOLDER_ID,
        name,
        url: '',
        width: 0,
        height: 0,
        created_at: new Date().toISOString(),
        origin: 'upload',
      };
    }
    return (await findImage(hash))!;
  };
  const forms = async (): Promise<SocialAdsLeadForm[]> => {
    const all = await Promise.all(
      (await pages()).map(async (page) =>
        (await graph.list<WireLeadForm>(`${page.id}/leadgen_forms`, { fields: 'id,name,status,questions' })).map((f) => ({
          id: f.id,
          name: f.name,
          page_id: page.id,
          status: f.status === 'ACTIVE' ? ('ACTIVE' as const) : ('ARCHIVED' as const),
          questions: (f.questions ?? []).map((q) => q.type),
        })),
      ),
    );
    return all.flat();
  };

  return {
    async listPages(): Promise<SocialAdsPage[]> {
      return (await pages()).map((p) => ({
        id: p.id,
        name: p.name,
        category: p.category ?? '',
        // The account's promotable pages: those published can run ads.
        promotable: p.is_published !== false,
        ...(p.instagram_business_account ? { instagram_account_id: p.instagram_business_account.id } : {}),
      }));
    },

    async listInstagramAccounts() {
      return (await pages()).flatMap((p) =>
        p.instagram_business_account
          ? [{ id: p.instagram_business_account.id, username: p.instagram_business_account.username ?? '', page_id: p.id }]
          : [],
      );
    },

    async listImages() {
      return (await graph.list<WireImage>(`${act}/adimages`, { fields: IMAGE_FIELDS })).map(imageOf);
    },
    findImage,

    async uploadImage(upload: { url: string; name: string }) {
      if (ctx.validateOnly) {
        ctx.validation.skipped += 1;
        return stored(undefined, upload.name);
      }
      // The platform takes the image's bytes: the gateway fetches them under its outbound rules.
      const fetched = await fetchImage(upload.url);
      if (!fetched.ok || !fetched.bytes) {
        throw new ToolError(`The image at ${upload.url} cannot be uploaded: ${fetched.problems.join(' ') || 'it could not be read'}.`, {
          code: 'tool_rejected',
          platform: 'socialads',
        });
      }
      return stored(await ctx.write(`${act}/adimages`, { bytes: fetched.bytes.toString('base64') }), upload.name);
    },

    async copyImage(source) {
      const from = source.account_id.replace(/^act_/, '');
      return stored(
        await ctx.write(`${act}/adimages`, { copy_from: { source_account_id: from, hash: source.image.hash } }, { checkable: false }),
        source.image.name,
      );
    },

    async listVideos() {
      return (await graph.list<WireVideo>(`${act}/advideos`, { fields: VIDEO_FIELDS })).map(videoOf);
    },
    findVideo,

    async uploadVideo(upload) {
      // The platform fetches the file itself from file_url.
      const body = await ctx.write<{ id: string }>(
        `${act}/advideos`,
        { file_url: upload.source_url, title: upload.title },
        { checkable: false },
      );
      if (!body?.id) {
        return {
          id: PLACEHOLDER_ID,
          title: upload.title,
          length_seconds: 0,
          thumbnail_url: '',
          source_url: upload.source_url,
          status: 'processing',
          created_at: new Date().toISOString(),
        };
      }
      return (await findVideo(body.id))!;
    },

    listLeadForms: forms,

    async listLeads(formId: string, range: { since: string; until: string }): Promise<SocialAdsLead[]> {
      // The leads edge takes no date filter: every lead is read and the window kept.
      const leads = await graph.list<WireLead>(
        `${formId}/leads`,
        { fields: 'id,created_time,ad_id,adset_id,campaign_id,form_id,field_data' },
        { what: 'lead form', id: formId },
      );
      return leads
        .filter((l) => l.created_time.slice(0, 10) >= range.since && l.created_time.slice(0, 10) <= range.until)
        .map((l) => ({
          id: l.id,
          form_id: l.form_id ?? formId,
          ad_id: l.ad_id ?? '',
          ad_set_id: l.adset_id ?? '',
          campaign_id: l.campaign_id ?? '',
          created_time: l.created_time,
          field_data: (l.field_data ?? []).map((f) => ({ name: f.name, value: f.values.join(', ') })),
        }))
        .sort((a, b) => b.created_time.localeCompare(a.created_time) || a.id.localeCompare(b.id));
    },

    async listPixels(): Promise<SocialAdsPixel[]> {
      const pixels = await graph.list<{ id: string; name: string; last_fired_time?: string }>(`${act}/adspixels`, {
        fields: 'id,name,last_fired_time',
      });
      return pixels.map((p) => ({ id: p.id, name: p.name, ...(p.last_fired_time ? { last_fired_time: isoOf(p.last_fired_time) } : {}) }));
    },

    // The platform's API keeps no list of redirecting domains: none are known on a live account.
    listDomainRedirects: async () => [],

    async listCustomAudiences(): Promise<SocialAdsCustomAudience[]> {
      const audiences = await graph.list<WireAudience>(`${act}/customaudiences`, { fields: AUDIENCE_FIELDS });
      return audiences.map((a) => ({
        id: a.id,
        name: a.name,
        subtype: SUBTYPES.has(a.subtype as SocialAdsAudienceSubtype) ? (a.subtype as SocialAdsAudienceSubtype) : 'CUSTOM',
        approximate_count_lower_bound: a.approximate_count_lower_bound ?? 0,
        approximate_count_upper_bound: a.approximate_count_upper_bound ?? 0,
        delivery_status: a.delivery_status ?? { code: 400, description: 'unknown' },
        ...(a.retention_days ? { retention_days: a.retention_days } : {}),
        ...(a.lookalike_spec?.origin?.[0]
          ? {
              lookalike_spec: {
                origin_audience_id: a.lookalike_spec.origin[0].id,
                ratio: a.lookalike_spec.ratio ?? 0,
                country: a.lookalike_spec.country ?? '',
              },
            }
          : {}),
        ...(a.pixel_id ? { pixel_id: a.pixel_id } : {}),
        time_updated: isoOf(a.time_updated),
      }));
    },

    async searchTargeting(query: { type: SocialAdsTargetingType; q?: string }): Promise<SocialAdsTargetingOption[]> {
      const q = query.q?.trim();
      if (query.type === 'locations') {
        if (!q) return [];
        const found = await graph.list<WireLocation>('search', {
          type: 'adgeolocation',
          q,
          location_types: ['country', 'region', 'city'],
        });
        return found.map((l) => ({
          id: l.key,
          name: l.name,
          type: 'locations',
          path: [],
          audience_size_lower_bound: 0,
          audience_size_upper_bound: 0,
          ...(l.country_code ? { country_code: l.country_code } : {}),
          location_type: l.type === 'country' ? 'country' : l.type === 'city' ? 'city' : 'region',
        }));
      }
      const options = q
        ? await graph.list<WireTargetingOption>(`${act}/targetingsearch`, { q, fields: OPTION_FIELDS })
        : await graph.list<WireTargetingOption>(`${act}/targetingbrowse`, { fields: OPTION_FIELDS });
      return options
        .filter((o) => o.type === query.type)
        .map((o) => ({
          id: o.id,
          name: o.name,
          type: query.type,
          path: o.path ?? [],
          audience_size_lower_bound: o.audience_size_lower_bound ?? 0,
          audience_size_upper_bound: o.audience_size_upper_bound ?? 0,
        }));
    },
  };
}
