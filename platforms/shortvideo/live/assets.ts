import { ToolError } from '../../../core/errors';
import { checkVideoUrl, VideoUrlError } from '../../video-check';
import type { ShortVideoLeadPage, ShortVideoPort, TargetingOption, TargetingType } from '../port';
import { audienceOf, identityOf, imageOf, isoTime, notSupported, pixelOf, videoOf } from './mapping';
import type { WireAudience, WireIdentity, WireImage, WireLeadPage, WirePage, WirePixel, WireVideo } from './wire-types';
import { one, type ShortVideoSession } from './session';

/**
 * The advertiser's creative library and setup on the platform: identities, images and videos
 * (upload by URL: the platform fetches the file), pixels, instant pages, custom audiences and the
 * targeting catalogues (tool/*). Video URLs are checked first under the gateway's outbound rules
 * (the same check as validate_video: public address, a direct video file), so the platform is never
 * asked to fetch a page or a private address.
 */
export type AssetFamily = Pick<
  ShortVideoPort,
  | 'listIdentities'
  | 'listImages'
  | 'uploadImageByUrl'
  | 'listCarousels'
  | 'createCarousel'
  | 'listVideos'
  | 'getVideo'
  | 'uploadVideoByUrl'
  | 'uploadCoverImage'
  | 'listPixels'
  | 'listLeadPages'
  | 'listCustomAudiences'
  | 'searchTargeting'
>;

const carouselsNotOffered = () =>
  Promise.reject(
    notSupported(
      "The platform's API keeps no carousel cards: a carousel ad carries its images itself, so carousel cards cannot be listed or created on a live account (they work on sandbox accounts). Create carousel ads in the platform's ads manager.",
    ),
  );

export function assetFamily(session: ShortVideoSession): AssetFamily {
  const uploadImage = async (imageUrl: string, fileName: string): Promise<WireImage> => {
    let url: URL;
    try {
      url = new URL(imageUrl);
    } catch {
      throw new ToolError(`The platform could not use image URL ${imageUrl}: it is not a URL.`, { code: 'invalid_arguments' });
    }
    if (!/^https?:$/.test(url.protocol))
      throw new ToolError(`The platform fetches images over http(s) only; ${imageUrl} is not.`, { code: 'invalid_arguments' });
    // Not idempotent: a lost answer is outcome_unknown rather than a second copy in the library.
    return session.post<WireImage>('/file/image/ad/upload/', { upload_type: 'UPLOAD_BY_URL', image_url: imageUrl, file_name: fileName });
  };

  const getVideo = async (videoId: string) => {
    const data = await session.get<WirePage<WireVideo>>('/file/video/ad/info/', { video_ids: [videoId] }, { what: 'video', id: videoId });
    return videoOf(one(data.list ?? [], 'video', videoId, 'list_shortvideo_ad_videos'));
  };

  return {
    listIdentities: async () => (await session.listAll<WireIdentity>('/identity/get/', {}, 100, 'identity_list')).map(identityOf),

    listImages: async () => (await session.listAll<WireImage>('/file/image/ad/search/', {}, 100)).map((i) => imageOf(i)),

    async uploadImageByUrl(imageUrl, fileName) {
      return imageOf(await uploadImage(imageUrl, fileName), 'URL');
    },

    listCarousels: carouselsNotOffered,
    createCarousel: carouselsNotOffered,

    listVideos: async () => (await session.listAll<WireVideo>('/file/video/ad/search/', {}, 100)).map(videoOf),
    getVideo,

    async uploadVideoByUrl(videoUrl, fileName) {
      let check;
      try {
        check = await checkVideoUrl(videoUrl, { platform: 'shortvideo' });
      } catch (err) {
        if (err instanceof VideoUrlError) throw new ToolError(`\`video_url\`: ${err.message}`, { code: 'invalid_arguments' });
        throw err;
      }
      if (!check.ok)
        throw new ToolError(
          `The platform could not use \`video_url\` ${videoUrl}: ${check.problems.join(' ')} Check the link with validate_video and retry with a direct link to the video file.`,
        );
      const data = await session.post<WireVideo[] | WireVideo>('/file/video/ad/upload/', {
        upload_type: 'UPLOAD_BY_URL',
        video_url: check.final_url,
        file_name: fileName,
      });
      const [video] = Array.isArray(data) ? data : [data];
      if (!video?.video_id)
        throw new ToolError('The shortvideo platform accepted the upload but answered no video id; check list_shortvideo_ad_videos.');
      return videoOf(video);
    },

    async uploadCoverImage({ imageUrl, videoId }) {
      if (imageUrl) return imageOf(await uploadImage(imageUrl, `cover_${videoId}`), 'URL', videoId);
      // The platform picks a frame of every video it transcodes as its cover: that frame becomes the image.
      const video = await session.get<WirePage<WireVideo>>(
        '/file/video/ad/info/',
        { video_ids: [videoId] },
        { what: 'video', id: videoId },
      );
      const cover = one(video.list ?? [], 'video', videoId, 'list_shortvideo_ad_videos').video_cover_url;
      if (!cover)
        throw new ToolError(
          `Video ${videoId} has no cover frame yet (the platform is still processing it); retry in a few minutes or give a cover image URL.`,
        );
      return imageOf(await uploadImage(cover, `cover_${videoId}.jpg`), 'VIDEO_FRAME', videoId);
    },

    listPixels: async () => (await session.listAll<WirePixel>('/pixel/list/', {}, 20, 'pixels')).map(pixelOf),

    async listLeadPages(): Promise<ShortVideoLeadPage[]> {
      const pages = await session.listAll<WireLeadPage>('/page/get/', { business_type: 'LEAD_GEN' }, 100);
      return pages.map((p) => ({
        id: String(p.page_id),
        title: p.title ?? p.page_name ?? '',
        status: p.status === 'EDITED' || p.status === 'DRAFT' ? 'DRAFT' : 'PUBLISHED',
        // The page list does not carry the form's questions or policy link; the page itself has them.
        questions: [],
        privacy_policy_url: '',
        create_time: isoTime(p.create_time),
      }));
    },

    listCustomAudiences: async () => (await session.listAll<WireAudience>('/dmp/custom_audience/list/', {}, 100)).map(audienceOf),

    async searchTargeting(type, query) {
      const q = query.trim().toLowerCase();
      const options = await TARGETING[type](session, query);
      return options.filter(
        (o) =>
          !q || o.name.toLowerCase().includes(q) || o.id === q || type === 'interest_keywords' || type === 'purchase_intention_keywords',
      );
    },
  };
}

interface WireRegion {
  location_id: string | number;
  name: string;
  region_level?: string;
  parent_id?: string | number;
}
interface WireInterestCategory {
  id: string | number;
  name: string;
  level?: number;
  parent_id?: string | number;
}
interface WireContextualTag {
  contextual_tag_id: string | number;
  contextual_tag_name: string;
  tag_type?: string;
}
interface WireDeviceModel {
  device_model_id: string | number;
  device_model_name: string;
  os_type?: string;
  is_active?: boolean;
  parent_id?: string | number;
}
interface WireCarrierCountry {
  country_code: string;
  carriers?: { carrier_id: string | number; name: string; in_use?: boolean }[];
}
interface WireKeyword {
  keyword_id: string | number;
  keyword: string;
  audience_size?: number | string;
}

/** Each targeting catalogue: its endpoint, read into options. */
const TARGETING: Record<TargetingType, (session: ShortVideoSession, query: string) => Promise<TargetingOption[]>> = {
  async locations(session) {
    const data = await session.get<{ region_info?: WireRegion[] }>('/tool/region/', {
      placements: ['PLACEMENT_TIKTOK'],
      objective_type: 'TRAFFIC',
      level_range: 'ALL',
    });
    return (data.region_info ?? []).map((r) => ({
      id: String(r.location_id),
      name: r.name,
      kind: String(r.region_level ?? '').toLowerCase(),
      ...(r.parent_id && String(r.parent_id) !== '0' ? { parent: String(r.parent_id) } : {}),
    }));
  },
  async interest_categories(session) {
    const data = await session.get<{ interest_categories?: WireInterestCategory[] }>('/tool/interest_category/', { version: 2 });
    return (data.interest_categories ?? []).map((c) => ({
      id: String(c.id),
      name: c.name,
      kind: `level ${c.level ?? 1}`,
      ...(c.parent_id ? { parent: String(c.parent_id) } : {}),
    }));
  },
  async interest_keywords(session, query) {
    return keywords(session, query, 'INTEREST');
  },
  async purchase_intention_keywords(session, query) {
    return keywords(session, query, 'PURCHASE_INTENTION');
  },
  async contextual_tags(session) {
    const data = await session.get<{ contextual_tag_list?: WireContextualTag[] }>('/tool/contextual_tag/get/', { objective_type: 'REACH' });
    return (data.contextual_tag_list ?? []).map((t) => ({
      id: String(t.contextual_tag_id),
      name: t.contextual_tag_name,
      ...(t.tag_type ? { kind: t.tag_type } : {}),
    }));
  },
  async device_models(session) {
    const data = await session.get<{ device_models?: WireDeviceModel[] }>('/tool/device_model/');
    return (data.device_models ?? [])
      .filter((d) => d.is_active !== false)
      .map((d) => ({
        id: String(d.device_model_id),
        name: d.device_model_name,
        ...(d.os_type ? { kind: d.os_type } : {}),
        ...(d.parent_id ? { parent: String(d.parent_id) } : {}),
      }));
  },
  async carriers(session) {
    const data = await session.get<{ countries?: WireCarrierCountry[] }>('/tool/carrier/');
    return (data.countries ?? []).flatMap((c) =>
      (c.carriers ?? []).filter((x) => x.in_use !== false).map((x) => ({ id: String(x.carrier_id), name: x.name, kind: c.country_code })),
    );
  },
  async languages(session) {
    const data = await session.get<{ languages?: { code: string; name: string }[] }>('/tool/language/');
    return (data.languages ?? []).map((l) => ({ id: l.code, name: l.name }));
  },
};

async function keywords(session: ShortVideoSession, query: string, audienceType: string): Promise<TargetingOption[]> {
  if (!query.trim()) return [];
  const data = await session.get<{ recommended_keywords?: WireKeyword[] }>('/tool/interest_keyword/recommend/', {
    keyword: query.trim(),
    language: 'en',
    limit: 50,
    audience_type: audienceType,
  });
  return (data.recommended_keywords ?? []).map((k) => ({
    id: String(k.keyword_id),
    name: k.keyword,
    ...(k.audience_size !== undefined ? { audience_size: Number(k.audience_size) } : {}),
  }));
}
