import * as v from 'valibot';
import { ToolError } from '../../../core/errors';
import type { ToolDefinition } from '../../../core/tool';
import { fetchImage } from '../../image-check';
import { markdownTable } from '../../../core/markdown';
import { defineSearchAdsTool } from '../define';
import { FIELD_TYPE_RULES, IMAGE_FIELD_TYPES, PMAX_FIELD_TYPES, assetGroupProblems, fieldsForImage, imageFits } from '../pmax-rules';
import type { NewSearchAdsMediaAsset, PmaxAssetFieldType, SearchAdsAssetGroupAsset, SearchAdsMediaAsset } from '../port-pmax';
import { campaignIdArg } from './common';
import { assetGroupIdArg, requireAssetGroup } from './pmax-common';

/**
 * The assets linked to Performance Max asset groups, built once: each row is a tool that adds,
 * removes or lists links of some field types (any asset, or images only). Adding reuses an
 * identical library asset, skips what the asset group already holds and refuses what would pass
 * a field's maximum or break its shape; removing refuses what would leave an asset group below
 * the platform's minimums; the assets stay in the library.
 */

interface LinkRow {
  name: string;
  description: string;
  /** Documented request examples (ToolSpec.examples). */
  examples?: Record<string, unknown>[];
  fields: PmaxAssetFieldType[];
  /** What the row calls its items ("asset", "image"). */
  noun: string;
}

const asFields = (fields: PmaxAssetFieldType[]) => fields as [PmaxAssetFieldType, ...PmaxAssetFieldType[]];

/** An asset as tables show it. */
export const assetLabel = (a: SearchAdsMediaAsset | undefined): string =>
  !a
    ? '(unknown asset)'
    : a.type === 'TEXT'
      ? (a.text ?? '')
      : a.type === 'IMAGE'
        ? `${a.name ?? a.id} (${a.width}x${a.height})`
        : `video ${a.video_id}${a.video_title ? ` "${a.video_title}"` : ''}`;

const linkOutput = v.object({
  asset_id: v.string(),
  field_type: v.string(),
  type: v.string(),
  label: v.string(),
  status: v.string(),
  performance_label: v.string(),
  asset_group_id: v.string(),
  resource_name: v.string(),
  text: v.optional(v.string()),
  image_url: v.optional(v.string()),
  width: v.optional(v.number()),
  height: v.optional(v.number()),
  video_id: v.optional(v.string()),
});

const resourceName = (customerId: string, linkId: string) => `customers/${customerId}/assetGroupAssets/${linkId}`;

function describe(customerId: string, link: SearchAdsAssetGroupAsset, asset: SearchAdsMediaAsset | undefined) {
  return {
    asset_id: link.asset_id,
    field_type: link.field_type,
    type: asset?.type ?? 'UNKNOWN',
    label: assetLabel(asset),
    status: link.status,
    performance_label: link.performance_label,
    asset_group_id: link.asset_group_id,
    resource_name: resourceName(customerId, link.id),
    ...(asset?.text !== undefined ? { text: asset.text } : {}),
    ...(asset?.image_url ? { image_url: asset.image_url } : {}),
    ...(asset?.width ? { width: asset.width, height: asset.height } : {}),
    ...(asset?.video_id ? { video_id: asset.video_id } : {}),
  };
}

export function listLinksTool(row: LinkRow): ToolDefinition {
  return defineSearchAdsTool({
    name: row.name,
    description: row.description,
    examples: row.examples,
    access: 'read',
    args: {
      asset_group_id: v.optional(
        assetGroupIdArg('Asset group id from get_pmax_asset_groups; or give campaign_id for all its asset groups'),
      ),
      campaign_id: v.optional(campaignIdArg('Performance Max campaign id: every asset group of it')),
      field_types: v.optional(
        v.pipe(v.array(v.picklist(asFields(row.fields))), v.minLength(1), v.description(`Only these fields: ${row.fields.join(', ')}`)),
      ),
    },
    rules: [
      (a) => (Boolean(a.asset_group_id) === Boolean(a.campaign_id) ? 'give exactly one of `asset_group_id` or `campaign_id`' : undefined),
    ],
    output: v.object({
      customer_id: v.string(),
      campaign_id: v.string(),
      asset_groups: v.array(v.object({ id: v.string(), name: v.string(), status: v.string() })),
      assets: v.array(linkOutput),
    }),
    async run(args, ctx) {
      const cid = ctx.account.account_id;
      const { campaign, groups } = args.asset_group_id
        ? await requireAssetGroup(ctx.platform, args.asset_group_id, cid, { allowRemoved: true }).then(({ group, campaign }) => ({
            campaign,
            groups: [group],
          }))
        : await (async () => {
            const c = await ctx.platform.getCampaign(args.campaign_id!);
            if (c.type !== 'PERFORMANCE_MAX')
              throw new ToolError(`Campaign "${c.name}" is a ${c.type} campaign; only Performance Max campaigns have asset groups.`);
            return { campaign: c, groups: await ctx.platform.listAssetGroups(c.id) };
          })();
      const wanted = args.field_types ?? row.fields;
      const [links, library] = await Promise.all([
        args.asset_group_id
          ? ctx.platform.listAssetGroupAssets({ assetGroupId: groups[0]!.id })
          : ctx.platform.listAssetGroupAssets({ campaignId: campaign.id }),
        ctx.platform.listMediaAssets(),
      ]);
      const assets = links
        .filter((l) => wanted.includes(l.field_type) && l.status !== 'REMOVED')
        .map((l) =>
          describe(
            cid,
            l,
            library.find((a) => a.id === l.asset_id),
          ),
        );
      const groupName = (id: string) => groups.find((g) => g.id === id)?.name ?? id;
      const text = [
        `## ${row.noun === 'image' ? 'Images' : 'Assets'} of ${args.asset_group_id ? `asset group "${groups[0]!.name}"` : `the asset groups of "${campaign.name}"`}: ${assets.length}`,
        '',
        assets.length
          ? markdownTable(
              ['Asset group', 'Field', row.noun === 'image' ? 'Image' : 'Asset', 'Asset id', 'Rating', 'Status'],
              assets.map((a) => [groupName(a.asset_group_id), a.field_type, a.label, a.asset_id, a.performance_label, a.status]),
            )
          : `No ${row.noun}s linked${args.field_types ? ' in these fields' : ''}.`,
      ].join('\n');
      return {
        text,
        structured: {
          customer_id: cid,
          campaign_id: campaign.id,
          asset_groups: groups.map((g) => ({ id: g.id, name: g.name, status: g.status })),
          assets,
        },
      };
    },
  });
}

/** One item to add: a field and where its asset comes from. */
interface AddItem {
  field_type?: PmaxAssetFieldType;
  text?: string;
  asset_id?: string;
  image_url?: string;
  video_id?: string;
}

interface AddRow extends LinkRow {
  /** The item sources this row takes. */
  sources: ('text' | 'asset_id' | 'image_url' | 'video_id')[];
}

export function addLinksTool(row: AddRow): ToolDefinition {
  const entries: v.ObjectEntries = {
    field_type: row.sources.includes('image_url')
      ? v.optional(
          v.pipe(
            v.picklist(asFields(row.fields)),
            v.description(
              `${row.fields.join(', ')}; default from the image's shape (1.91:1 MARKETING_IMAGE, 1:1 SQUARE_MARKETING_IMAGE, 4:5 PORTRAIT_MARKETING_IMAGE); LOGO must be named`,
            ),
          ),
        )
      : v.pipe(v.picklist(asFields(row.fields)), v.description(row.fields.join(', '))),
    ...(row.sources.includes('text')
      ? {
          text: v.optional(
            v.pipe(
              v.string(),
              v.trim(),
              v.minLength(1, 'must not be empty'),
              v.maxLength(90, 'must be at most 90 characters'),
              v.description('Text of a HEADLINE (<= 30), LONG_HEADLINE (<= 90), DESCRIPTION (<= 90) or BUSINESS_NAME (<= 25)'),
            ),
          ),
        }
      : {}),
    asset_id: v.optional(
      v.pipe(
        v.string(),
        v.trim(),
        v.regex(/^\d{1,19}$/, 'must be a numeric asset id (discover_existing_assets)'),
        v.description('A library asset id from discover_existing_assets'),
      ),
    ),
    ...(row.sources.includes('image_url')
      ? {
          image_url: v.optional(
            v.pipe(
              v.string(),
              v.trim(),
              v.url('must be a full URL'),
              v.description(
                'Public direct link to a PNG or JPEG image (help_user_upload explains hosting); its size is read from the file',
              ),
            ),
          ),
        }
      : {}),
    ...(row.sources.includes('video_id')
      ? {
          video_id: v.optional(
            v.pipe(
              v.string(),
              v.trim(),
              v.regex(/^[A-Za-z0-9_-]{11}$/, 'must be an 11-character video id'),
              v.description('Video id for YOUTUBE_VIDEO (the 11 characters after v= in the video link)'),
            ),
          ),
        }
      : {}),
  };
  const item = v.strictObject(entries);
  const argName = row.noun === 'image' ? 'images' : 'assets';
  return defineSearchAdsTool({
    name: row.name,
    description: row.description,
    examples: row.examples,
    access: 'write',
    args: {
      asset_group_id: assetGroupIdArg(),
      [argName]: v.pipe(
        v.array(item),
        v.minLength(1, `must list at least one ${row.noun}`),
        v.maxLength(20, `must list at most 20 ${row.noun}s`),
        v.description(`1-20 ${row.noun}s, each from exactly one of: ${row.sources.join(', ')}`),
      ),
    } as Record<string, v.GenericSchema>,
    rules: [
      (a) => {
        const items = (a as unknown as Record<string, AddItem[]>)[argName]!;
        return items.flatMap((it, i) => {
          const given = row.sources.filter((s) => it[s] !== undefined);
          const problems: string[] = [];
          if (given.length !== 1)
            problems.push(`\`${argName}[${i}]\` needs exactly one of ${row.sources.map((s) => `\`${s}\``).join(', ')}`);
          if (it.text !== undefined && it.field_type && FIELD_TYPE_RULES[it.field_type].asset !== 'TEXT')
            problems.push(`\`${argName}[${i}]\`: ${it.field_type} takes no text`);
          if (it.text !== undefined && it.field_type && it.text.length > (FIELD_TYPE_RULES[it.field_type].maxLength ?? 90))
            problems.push(
              `\`${argName}[${i}].text\` must be at most ${FIELD_TYPE_RULES[it.field_type].maxLength} characters for ${it.field_type}`,
            );
          if (it.video_id !== undefined && it.field_type && it.field_type !== 'YOUTUBE_VIDEO')
            problems.push(`\`${argName}[${i}]\`: video_id goes with field_type YOUTUBE_VIDEO`);
          if (it.field_type === 'YOUTUBE_VIDEO' && it.asset_id === undefined && it.video_id === undefined)
            problems.push(`\`${argName}[${i}]\`: YOUTUBE_VIDEO needs video_id or asset_id`);
          if (it.field_type && FIELD_TYPE_RULES[it.field_type].asset === 'TEXT' && it.asset_id === undefined && it.text === undefined)
            problems.push(`\`${argName}[${i}]\`: ${it.field_type} needs text or asset_id`);
          if (!it.field_type && it.image_url === undefined) problems.push(`\`${argName}[${i}]\` needs field_type`);
          return problems;
        });
      },
    ],
    output: v.object({
      customer_id: v.string(),
      asset_group_id: v.string(),
      results: v.array(
        v.object({
          label: v.string(),
          field_type: v.string(),
          result: v.picklist(['added', 'skipped']),
          asset_id: v.optional(v.string()),
          new_asset: v.optional(v.boolean()),
          reason: v.optional(v.string()),
        }),
      ),
    }),
    async plan(args, ctx) {
      const items = (args as unknown as Record<string, AddItem[]>)[argName]!;
      const { group } = await requireAssetGroup(ctx.platform, args.asset_group_id as string, ctx.account.account_id);
      const [links, library] = await Promise.all([
        ctx.platform.listAssetGroupAssets({ assetGroupId: group.id }),
        ctx.platform.listMediaAssets(),
      ]);
      const current = links.filter((l) => l.status !== 'REMOVED');
      const problems: string[] = [];
      type Planned = {
        label: string;
        field_type: PmaxAssetFieldType;
        asset_id?: string;
        create?: NewSearchAdsMediaAsset;
        result: 'added' | 'skipped';
        reason?: string;
      };
      const planned: Planned[] = [];
      for (const [i, it] of items.entries()) {
        let field = it.field_type;
        let label = '';
        let assetId: string | undefined;
        let create: NewSearchAdsMediaAsset | undefined;
        if (it.asset_id) {
          const asset = library.find((a) => a.id === it.asset_id);
          if (!asset) {
            problems.push(
              `${argName}[${i}]: no image, video or text asset ${it.asset_id} in the library (discover_existing_assets lists them)`,
            );
            continue;
          }
          if (asset.type !== FIELD_TYPE_RULES[field!].asset) {
            problems.push(
              `${argName}[${i}]: asset ${asset.id} is a ${asset.type} asset; ${field} takes a ${FIELD_TYPE_RULES[field!].asset} asset`,
            );
            continue;
          }
          assetId = asset.id;
          label = assetLabel(asset);
          if (asset.type === 'TEXT' && (asset.text ?? '').length > (FIELD_TYPE_RULES[field!].maxLength ?? 90))
            problems.push(`${argName}[${i}]: "${asset.text}" is too long for ${field} (at most ${FIELD_TYPE_RULES[field!].maxLength})`);
          if (asset.type === 'IMAGE') {
            const fits = imageFits(field!, asset.width ?? 0, asset.height ?? 0);
            if (!fits.ok) problems.push(`${argName}[${i}]: ${fits.reason}`);
          }
        } else if (it.text !== undefined) {
          label = it.text;
          const reuse = library.find((a) => a.type === 'TEXT' && a.text === it.text);
          if (reuse) assetId = reuse.id;
          else create = { type: 'TEXT', text: it.text };
        } else if (it.video_id !== undefined) {
          label = `video ${it.video_id}`;
          const reuse = library.find((a) => a.type === 'YOUTUBE_VIDEO' && a.video_id === it.video_id);
          if (reuse) assetId = reuse.id;
          else create = { type: 'YOUTUBE_VIDEO', video_id: it.video_id };
        } else if (it.image_url !== undefined) {
          const image = await fetchImage(it.image_url);
          if (!image.ok) {
            problems.push(`${argName}[${i}] ${it.image_url}: ${image.problems.join(' ')}`);
            continue;
          }
          field ??= fieldsForImage(image.width!, image.height!).find((f) => f !== 'LOGO');
          if (!field) {
            problems.push(
              `${argName}[${i}] ${it.image_url}: ${image.width}x${image.height} fits no image field (1.91:1 landscape from 600x314, 1:1 square from 300x300, 4:5 portrait from 480x600)`,
            );
            continue;
          }
          const fits = imageFits(field, image.width!, image.height!);
          if (!fits.ok) {
            problems.push(`${argName}[${i}] ${it.image_url}: ${fits.reason}`);
            continue;
          }
          label = `${it.image_url.split('/').pop()?.split('?')[0] || 'image'} (${image.width}x${image.height})`;
          const reuse = library.find(
            (a) =>
              a.type === 'IMAGE' &&
              (a.image_url === image.final_url || a.image_url === it.image_url) &&
              a.width === image.width &&
              a.height === image.height,
          );
          if (reuse) assetId = reuse.id;
          else
            create = {
              type: 'IMAGE',
              image_url: image.final_url,
              name: label.replace(/ \(\d+x\d+\)$/, ''),
              width: image.width,
              height: image.height,
            };
        }
        const textOf = (id: string) => library.find((a) => a.id === id)?.text;
        const duplicate = current.some(
          (l) =>
            l.field_type === field &&
            (l.asset_id === assetId ||
              (create?.type === 'TEXT' || (assetId && textOf(assetId) !== undefined)
                ? textOf(l.asset_id) === (create?.type === 'TEXT' ? create.text : textOf(assetId!))
                : false)),
        );
        const twice = planned.some(
          (p) =>
            p.result === 'added' &&
            p.field_type === field &&
            ((assetId && p.asset_id === assetId) || (create && JSON.stringify(p.create) === JSON.stringify(create))),
        );
        planned.push(
          duplicate || twice
            ? {
                label,
                field_type: field!,
                asset_id: assetId,
                result: 'skipped',
                reason: duplicate ? 'already in the asset group' : 'listed twice',
              }
            : { label, field_type: field!, ...(assetId ? { asset_id: assetId } : {}), ...(create ? { create } : {}), result: 'added' },
        );
      }
      if (problems.length) throw new ToolError(`Cannot add: ${problems.join('; ')}.`);
      const adding = planned.filter((p) => p.result === 'added');
      const after = [
        ...current.map((l) => ({ field_type: l.field_type, text: library.find((a) => a.id === l.asset_id)?.text })),
        ...adding.map((p) => ({ field_type: p.field_type, text: p.label })),
      ];
      const over = assetGroupProblems(after, { checkMinimums: false });
      if (over.length)
        throw new ToolError(
          `Asset group "${group.name}" cannot hold these: ${over.join('; ')}. Remove some first (${row.name.replace('add_', 'remove_')}).`,
        );
      return {
        summary: adding.length
          ? `Add ${adding.length} ${row.noun}(s) to asset group "${group.name}"`
          : `Nothing to add: every ${row.noun} is already in asset group "${group.name}"`,
        changes: adding.map((p) => ({
          action: 'create' as const,
          entity: 'asset_group_asset',
          name: p.label,
          fields: { field_type: { after: p.field_type }, asset: { after: p.asset_id ?? `new ${p.create!.type.toLowerCase()} asset` } },
          startsPaused: true,
        })),
        notes: planned.filter((p) => p.result === 'skipped').map((p) => `${p.label} (${p.field_type}): ${p.reason}.`),
        data: { group: { id: group.id, name: group.name }, planned },
      };
    },
    async apply(plan, _args, ctx) {
      const { group, planned } = plan.data;
      const adding = planned.filter((p) => p.result === 'added');
      const fresh = adding.filter((p) => p.create);
      const unique = [...new Map(fresh.map((p) => [JSON.stringify(p.create), p.create!])).values()];
      const created = unique.length ? await ctx.step('assets', () => ctx.platform.createMediaAssets(unique)) : [];
      const idOf = (p: (typeof adding)[number]) =>
        p.asset_id ?? created[unique.findIndex((u) => JSON.stringify(u) === JSON.stringify(p.create))]!.id;
      if (adding.length)
        await ctx.step('links', () =>
          ctx.platform.linkAssetGroupAssets(adding.map((p) => ({ asset_group_id: group.id, asset_id: idOf(p), field_type: p.field_type }))),
        );
      const results: {
        label: string;
        field_type: string;
        result: 'added' | 'skipped';
        asset_id?: string;
        new_asset?: boolean;
        reason?: string;
      }[] = planned.map((p) =>
        p.result === 'added'
          ? { label: p.label, field_type: p.field_type, result: p.result, asset_id: idOf(p), new_asset: !p.asset_id }
          : {
              label: p.label,
              field_type: p.field_type,
              result: p.result,
              ...(p.asset_id ? { asset_id: p.asset_id } : {}),
              reason: p.reason,
            },
      );
      return {
        text: [
          `## ${adding.length} ${row.noun}(s) added to asset group "${group.name}"`,
          '',
          markdownTable(
            ['Asset', 'Field', 'Result', 'Asset id'],
            results.map((r) => [r.label, r.field_type, r.reason ? `${r.result} (${r.reason})` : r.result, r.asset_id ?? '']),
          ),
          '',
          'New assets start LEARNING; get_pmax_asset_performance shows their ratings once the platform has rated them.',
        ].join('\n'),
        structured: { customer_id: ctx.account.account_id, asset_group_id: group.id, results },
      };
    },
  });
}

export function removeLinksTool(row: LinkRow): ToolDefinition {
  return defineSearchAdsTool({
    name: row.name,
    description: row.description,
    examples: row.examples,
    access: 'write',
    destructive: true,
    args: {
      asset_group_id: assetGroupIdArg(),
      asset_ids: v.pipe(
        v.array(
          v.pipe(
            v.string(),
            v.trim(),
            v.regex(
              /^(\d{1,19}|customers\/\d+\/assetGroupAssets\/\d+~\d+~[A-Z_]+)$/,
              'must be an asset id or an asset group asset resource name (list tools show both)',
            ),
          ),
        ),
        v.minLength(1, 'must list at least one asset'),
        v.maxLength(50),
        v.description(
          `Asset ids (or asset group asset resource names) from ${row.name.replace('remove_', 'list_').replace(/_asset$|_image$/, (m) => `${m}s`)}`,
        ),
      ),
      field_type: v.optional(
        v.pipe(
          v.picklist(asFields(row.fields)),
          v.description('Only the links in this field (an asset may be in two, e.g. a square image as SQUARE_MARKETING_IMAGE and LOGO)'),
        ),
      ),
    },
    output: v.object({
      customer_id: v.string(),
      asset_group_id: v.string(),
      removed: v.array(v.object({ asset_id: v.string(), field_type: v.string(), label: v.string() })),
    }),
    async plan(args, ctx) {
      const cid = ctx.account.account_id;
      const { group } = await requireAssetGroup(ctx.platform, args.asset_group_id, cid);
      const [links, library] = await Promise.all([
        ctx.platform.listAssetGroupAssets({ assetGroupId: group.id }),
        ctx.platform.listMediaAssets(),
      ]);
      const current = links.filter((l) => l.status !== 'REMOVED');
      const targets: SearchAdsAssetGroupAsset[] = [];
      const missing: string[] = [];
      for (const value of [...new Set(args.asset_ids)]) {
        const named = /^customers\/(\d+)\/assetGroupAssets\/(.+)$/.exec(value);
        if (named && named[1] !== cid)
          throw new ToolError(`"${value}" belongs to customer ${named[1]}, not to the selected account ${cid}.`);
        if (named && named[2]!.split('~')[0] !== group.id)
          throw new ToolError(`"${value}" is a link of another asset group, not of "${group.name}" (${group.id}).`);
        const found = current.filter(
          (l) =>
            (named ? l.id === named[2] : l.asset_id === value) &&
            row.fields.includes(l.field_type) &&
            (!args.field_type || l.field_type === args.field_type),
        );
        if (!found.length) missing.push(value);
        targets.push(...found.filter((f) => !targets.includes(f)));
      }
      if (missing.length)
        throw new ToolError(
          `Asset group "${group.name}" has no ${row.noun} ${missing.map((m) => `"${m}"`).join(', ')}${args.field_type ? ` as ${args.field_type}` : ''}; ${row.name.replace('remove_', 'list_')}s lists what it holds.`,
          { code: 'not_found' },
        );
      const left = current
        .filter((l) => !targets.includes(l))
        .map((l) => ({ field_type: l.field_type, text: library.find((a) => a.id === l.asset_id)?.text }));
      const below = assetGroupProblems(left).filter((p) => /at least/.test(p));
      if (below.length)
        throw new ToolError(
          `Removing these would leave asset group "${group.name}" below the platform's minimums: ${below.join('; ')}. Add replacements first (${row.name.replace('remove_', 'add_')}).`,
        );
      const label = (l: SearchAdsAssetGroupAsset) => assetLabel(library.find((a) => a.id === l.asset_id));
      return {
        summary: `Remove ${targets.length} ${row.noun}(s) from asset group "${group.name}"`,
        changes: targets.map((l) => ({
          action: 'remove' as const,
          entity: 'asset_group_asset',
          id: l.id,
          name: label(l),
          fields: { field_type: { before: l.field_type, after: null } },
        })),
        data: {
          group: { id: group.id, name: group.name },
          targets: targets.map((l) => ({ id: l.id, asset_id: l.asset_id, field_type: l.field_type, label: label(l) })),
        },
      };
    },
    async apply(plan, _args, ctx) {
      const { group, targets } = plan.data;
      await ctx.step('unlink', () => ctx.platform.unlinkAssetGroupAssets(targets.map((t) => t.id)).then(() => true));
      const removed = targets.map((t) => ({ asset_id: t.asset_id, field_type: t.field_type, label: t.label }));
      return {
        text: [
          `## ${removed.length} ${row.noun}(s) removed from asset group "${group.name}"`,
          '',
          markdownTable(
            ['Asset', 'Field', 'Asset id'],
            removed.map((r) => [r.label, r.field_type, r.asset_id]),
          ),
          '',
          'The assets stay in the library (discover_existing_assets) for reuse.',
        ].join('\n'),
        structured: { customer_id: ctx.account.account_id, asset_group_id: group.id, removed },
      };
    },
  });
}

const ALL = PMAX_FIELD_TYPES;
const IMAGES = IMAGE_FIELD_TYPES;

export const ADD_LINK_TOOLS: AddRow[] = [
  {
    name: 'add_pmax_asset_group_asset',
    examples: [
      { asset_group_id: '<asset_group_id from get_pmax_asset_groups>', assets: [{ field_type: 'HEADLINE', text: 'Example Headline' }] },
    ],
    noun: 'asset',
    fields: ALL,
    sources: ['text', 'asset_id', 'video_id'],
    description:
      "Adds headlines (<= 30), long headlines (<= 90), descriptions (<= 90), a business name (<= 25), library images or videos to a Performance Max asset group, up to each field's maximum (15 headlines, 5 long headlines, 5 descriptions, 20 images per shape, 5 logos, 5 videos). Identical library assets are reused; ones already in the group are skipped. New images by link: add_pmax_asset_group_image.",
  },
  {
    name: 'add_pmax_asset_group_image',
    examples: [
      {
        asset_group_id: '<asset_group_id from get_pmax_asset_groups>',
        images: [{ asset_id: '<asset_id from discover_existing_assets>', field_type: 'MARKETING_IMAGE' }],
      },
    ],
    noun: 'image',
    fields: IMAGES,
    sources: ['image_url', 'asset_id'],
    description:
      'Adds images to a Performance Max asset group, from a public image link (downloaded and measured: 1.91:1 landscape from 600x314, 1:1 square from 300x300, 4:5 portrait from 480x600, 1:1 logo from 128x128; at most 5 MB) or a library image id. The field follows the shape unless given (LOGO must be named).',
  },
];

export const REMOVE_LINK_TOOLS: LinkRow[] = [
  {
    name: 'remove_pmax_asset_group_asset',
    examples: [
      {
        asset_group_id: '<asset_group_id from get_pmax_asset_groups>',
        asset_ids: ['<asset_id from list_pmax_asset_group_assets>'],
        field_type: 'HEADLINE',
      },
    ],
    noun: 'asset',
    fields: ALL,
    description:
      "Unlinks assets (text, image or video) from a Performance Max asset group by asset id; refused when the group would fall below the platform's minimums (3 headlines, 1 long headline, 2 descriptions, business name, landscape and square image, logo). The assets stay in the library.",
  },
  {
    name: 'remove_pmax_asset_group_image',
    examples: [
      { asset_group_id: '<asset_group_id from get_pmax_asset_groups>', asset_ids: ['<asset_id from list_pmax_asset_group_assets>'] },
    ],
    noun: 'image',
    fields: IMAGES,
    description:
      'Unlinks image assets (landscape, square, portrait or logo) from a Performance Max asset group by asset id; refused when the group would be left without a landscape image, a square image or a logo. The images stay in the library.',
  },
];

export const LIST_LINK_TOOLS: LinkRow[] = [
  {
    name: 'list_pmax_asset_group_assets',
    examples: [{ campaign_id: '<campaign_id from list_campaigns>' }],
    noun: 'asset',
    fields: ALL,
    description:
      'Lists the assets linked to a Performance Max asset group (or every asset group of a campaign): field type, text / image size / video, rating (BEST, GOOD, LOW, LEARNING, PENDING) and the ids the remove tools take.',
  },
  {
    name: 'list_pmax_asset_group_images',
    examples: [{ asset_group_id: '<asset_group_id from get_pmax_asset_groups>' }],
    noun: 'image',
    fields: IMAGES,
    description:
      'Lists the image assets of a Performance Max asset group (or every asset group of a campaign): landscape, square, portrait and logo images with their size, link and rating.',
  },
];
