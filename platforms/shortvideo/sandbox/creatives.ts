/** The shortvideo sandbox's creative library: identities, images, carousels and videos (uploads by URL). */
import { ToolError } from '../../../core/errors';
import { hash32 } from '../../sandbox/metrics';
import type { SandboxStore } from '../../sandbox/store';
import { checkVideoUrl, VideoUrlError } from '../../video-check';
import { freshId, KIND } from './stored';
import type { ShortVideoCarousel, ShortVideoIdentity, ShortVideoImage, ShortVideoVideo } from '../port';

export class CreativesSandbox {
  constructor(private readonly store: SandboxStore) {}

  async listIdentities(): Promise<ShortVideoIdentity[]> {
    return (await this.store.list<ShortVideoIdentity & { id: string }>(KIND.identity)).map(({ id: _id, ...identity }) => identity);
  }

  async listImages(): Promise<ShortVideoImage[]> {
    return this.store.list<ShortVideoImage>(KIND.image);
  }

  /**
   * The platform downloads the file itself. The sandbox does not fetch: it accepts an http(s) URL
   * whose file is a .jpg, .jpeg or .png, and reads the size from a WIDTHxHEIGHT in the file name
   * (1080x1920 otherwise), as the platform reports it after the upload.
   */
  async uploadImageByUrl(imageUrl: string, fileName: string): Promise<ShortVideoImage> {
    let url: URL;
    try {
      url = new URL(imageUrl);
    } catch {
      throw new ToolError(`The platform could not use image URL ${imageUrl}: it is not a URL.`);
    }
    const extension = /\.(jpe?g|png)$/i.exec(url.pathname)?.[1]?.toLowerCase();
    if (!/^https?:$/.test(url.protocol) || !extension) {
      throw new ToolError(`The platform could not use image URL ${imageUrl}: it is not a direct link to a JPG or PNG file.`);
    }
    const size = /(\d{2,5})x(\d{2,5})/i.exec(url.pathname);
    const h = hash32(imageUrl);
    const image: ShortVideoImage = {
      id: freshId.image(),
      source: 'URL',
      image_url: imageUrl,
      file_name: fileName,
      width: size ? Number(size[1]) : 1080,
      height: size ? Number(size[2]) : 1920,
      format: extension === 'png' ? 'png' : 'jpeg',
      size: 40_000 + (h % 400_000),
      create_time: new Date().toISOString(),
    };
    return this.store.create<ShortVideoImage>(KIND.image, image);
  }

  listCarousels(): Promise<ShortVideoCarousel[]> {
    return this.store.list<ShortVideoCarousel>(KIND.carousel);
  }

  async createCarousel(input: Omit<ShortVideoCarousel, 'id'>): Promise<ShortVideoCarousel> {
    for (const imageId of input.image_ids) await this.store.require<ShortVideoImage>(KIND.image, imageId);
    return this.store.create<ShortVideoCarousel>(KIND.carousel, { ...input, id: freshId.entity() });
  }

  listVideos(): Promise<ShortVideoVideo[]> {
    return this.store.list<ShortVideoVideo>(KIND.video);
  }

  getVideo(videoId: string): Promise<ShortVideoVideo> {
    return this.store.require<ShortVideoVideo>(KIND.video, videoId);
  }

  /**
   * The platform downloads the file itself; like the real one it refuses a web page or a
   * non-video. The check is the same as validate_video's. Transcoding takes 5-15 minutes, so
   * the video starts PROCESSING (the sandbox does not wait).
   */
  async uploadVideoByUrl(videoUrl: string, fileName: string): Promise<ShortVideoVideo> {
    let check;
    try {
      check = await checkVideoUrl(videoUrl, { platform: 'shortvideo' });
    } catch (err) {
      if (err instanceof VideoUrlError) throw new ToolError(`\`video_url\`: ${err.message}`);
      throw err;
    }
    if (!check.ok) {
      throw new ToolError(
        `The platform could not use \`video_url\` ${videoUrl}: ${check.problems.join(' ')} Check the link with validate_video and retry with a direct link to the video file.`,
      );
    }
    const h = hash32(check.final_url);
    const video: ShortVideoVideo = {
      id: freshId.video(),
      file_name: fileName,
      // The real duration is known once the platform has transcoded the file.
      duration: 9 + (h % 22),
      size: check.size_bytes ?? 4_000_000 + (h % 20_000_000),
      width: 1080,
      height: 1920,
      format: (check.format ?? 'MP4').toLowerCase(),
      status: 'PROCESSING',
      source_url: videoUrl,
      create_time: new Date().toISOString(),
    };
    return this.store.create<ShortVideoVideo>(KIND.video, video);
  }

  async uploadCoverImage(input: { imageUrl?: string; videoId: string }): Promise<ShortVideoImage> {
    const video = await this.store.require<ShortVideoVideo>(KIND.video, input.videoId);
    const image: ShortVideoImage = {
      id: freshId.image(),
      source: input.imageUrl ? 'URL' : 'VIDEO_FRAME',
      image_url: input.imageUrl,
      video_id: video.id,
      width: video.width,
      height: video.height,
    };
    return this.store.create<ShortVideoImage>(KIND.image, image);
  }
}
