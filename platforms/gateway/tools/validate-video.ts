import * as v from 'valibot';
import { ToolError } from '../../../core/errors';
import { PLATFORM_WORDS } from '../../../core/platforms';
import { defineGatewayTool } from '../../../core/tool';
import { markdownTable } from '../../../core/markdown';
import { checkVideoUrl, formatBytes, UnsafeVideoUrlError, VideoUrlError } from '../../video-check';

export const validateVideo = defineGatewayTool({
  name: 'validate_video',
  category: 'helper',
  description:
    'Checks, without downloading it, that a video URL is a public direct-download link a platform can fetch: it must serve a video content type ' +
    '(video/mp4, video/quicktime, video/mpeg, video/x-msvideo...), not a web page (text/html), in an accepted format and within the size limit. ' +
    'Follows up to 3 redirects. States the limits (duration, aspect ratio) that can only be checked after upload. Run it before create_shortvideo_video_campaign ' +
    'or any tool that takes a video_url. Links to private or internal network addresses are refused.',
  access: 'read',
  examples: [{ video_url: '<video_url: a public MP4 link>' }],
  args: {
    video_url: v.pipe(
      v.string(),
      v.trim(),
      v.minLength(1, 'must not be empty'),
      v.description('Public direct-download link to the video file (http or https)'),
    ),
    platform: v.optional(
      v.pipe(
        v.picklist(PLATFORM_WORDS),
        v.description(`Platform whose video limits apply: ${PLATFORM_WORDS.join(', ')}; default shortvideo`),
      ),
      'shortvideo',
    ),
  },
  output: v.object({
    valid: v.boolean(),
    video_url: v.string(),
    final_url: v.string(),
    redirects: v.array(v.string()),
    http_status: v.nullable(v.number()),
    method_used: v.nullable(v.string()),
    content_type: v.nullable(v.string()),
    is_video_content_type: v.boolean(),
    format: v.nullable(v.string()),
    size_bytes: v.nullable(v.number()),
    platform: v.string(),
    limits: v.object({
      formats: v.array(v.string()),
      max_size_mb: v.number(),
      min_seconds: v.number(),
      max_seconds: v.number(),
      aspect_ratios: v.string(),
      note: v.optional(v.string()),
    }),
    problems: v.array(v.string()),
    warnings: v.array(v.string()),
    not_checked: v.array(v.string()),
  }),
  async run(args) {
    let check;
    try {
      check = await checkVideoUrl(args.video_url, { platform: args.platform });
    } catch (err) {
      if (err instanceof VideoUrlError)
        throw new ToolError(err.message, { video_url: args.video_url, refused: err instanceof UnsafeVideoUrlError });
      throw err;
    }
    const { limits } = check;
    const verdict = check.ok
      ? check.warnings.length
        ? '**Usable, with warnings**: the platform should be able to download this video.'
        : '**Valid**: this is a direct link to a video the platform can download.'
      : '**Not usable**: the platform would fail to download or accept this video.';
    const lines = [
      `## Video check for ${args.platform}`,
      '',
      verdict,
      '',
      markdownTable(
        ['Check', 'Result'],
        [
          ['URL', check.url],
          ...(check.redirects.length ? [['Redirects', `${check.redirects.length}: final ${check.final_url}`]] : []),
          ['HTTP status', check.http_status ? `${check.http_status} (${check.method_used})` : 'no answer'],
          ['Content type', check.content_type ?? 'not given'],
          ['Format', check.format ?? 'unknown'],
          ['Size', check.size_bytes !== undefined ? formatBytes(check.size_bytes) : 'not reported by the server'],
        ],
      ),
    ];
    if (check.problems.length) lines.push('', '### Problems', ...check.problems.map((p) => `- ${p}`));
    if (check.warnings.length) lines.push('', '### Warnings', ...check.warnings.map((w) => `- ${w}`));
    lines.push(
      '',
      `### ${args.platform} video requirements`,
      `- Formats: ${limits.formats.join(', ')}; at most ${limits.max_size_mb} MB`,
      `- Duration: ${limits.min_seconds}-${limits.max_seconds} seconds`,
      `- Aspect ratio: ${limits.aspect_ratios}`,
      ...(limits.note ? [`- Note: ${limits.note}`] : []),
      '',
      `Not checked without downloading the file: ${check.not_checked.join('; ')}. The platform checks these after upload and rejects the video if they are off.`,
    );
    return {
      text: lines.join('\n'),
      structured: {
        valid: check.ok,
        video_url: check.url,
        final_url: check.final_url,
        redirects: check.redirects,
        http_status: check.http_status ?? null,
        method_used: check.method_used ?? null,
        content_type: check.content_type ?? null,
        is_video_content_type: Boolean(check.content_type?.startsWith('video/')),
        format: check.format ?? null,
        size_bytes: check.size_bytes ?? null,
        platform: check.platform,
        limits,
        problems: check.problems,
        warnings: check.warnings,
        not_checked: check.not_checked,
      },
    };
  },
});
