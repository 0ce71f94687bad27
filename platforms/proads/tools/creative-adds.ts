/** A creative of each format added to an existing campaign (add_proads_<format>_creative); PAUSED in an ACTIVE campaign. */
import { ToolError } from '../../../core/errors';
import type { WritePlan } from '../../../core/plan';
import type { ToolDefinition } from '../../../core/tool';
import { isoDate } from '../../../core/dates';
import { defineProAdsTool } from '../define';
import type { ProAdsCampaign, ProAdsFormat } from '../port';
import { campaignIdArg, findCampaign, FORMAT_WORD } from './common';
import { createdOutput, EXAMPLES } from './create-helpers';
import { createdText } from './campaign-group-creates';
import { applyCreative, CREATIVE_FORMATS, type CreativeArgs, mediaRule, planCreative, type PlannedCreative } from './creative-formats';

interface CreativeData {
  campaign: { id: string; name: string; status: string };
  creative: PlannedCreative;
}

const ADDERS: Record<ProAdsFormat, string> = {
  SINGLE_IMAGE: 'add_proads_creative',
  VIDEO: 'add_proads_video_creative',
  CAROUSEL: 'add_proads_carousel_creative',
  TEXT_AD: 'add_proads_text_creative',
};

function addCreativeTool(format: ProAdsFormat, description: string): ToolDefinition {
  const spec = CREATIVE_FORMATS[format];
  return defineProAdsTool({
    name: ADDERS[format],
    examples: EXAMPLES[ADDERS[format]],
    description,
    access: 'write',
    args: { campaign_id: campaignIdArg(), ...spec.args } as {
      campaign_id: ReturnType<typeof campaignIdArg>;
    } & typeof CREATIVE_FORMATS.SINGLE_IMAGE.args,
    rules: [mediaRule(format) as never],
    output: createdOutput,
    async plan(args, ctx): Promise<WritePlan<CreativeData>> {
      const campaign: ProAdsCampaign = await findCampaign(ctx.platform, args.campaign_id);
      if (campaign.format !== format)
        throw new ToolError(
          `Campaign "${campaign.name}" is a ${campaign.format} campaign: add its creatives with ${ADDERS[campaign.format]}.`,
          { code: 'format_mismatch', campaign_format: campaign.format, tool: ADDERS[campaign.format] },
        );
      if (['ARCHIVED', 'CANCELED', 'PENDING_DELETION', 'COMPLETED'].includes(campaign.status))
        throw new ToolError(
          `Campaign "${campaign.name}" is ${campaign.status}: creatives can only be added to draft, paused or active campaigns.`,
          { code: 'campaign_not_open' },
        );
      // A creative added to a live campaign starts paused (it would spend at once); otherwise the campaign holds it back.
      const status = campaign.status === 'ACTIVE' ? 'PAUSED' : 'ACTIVE';
      const today = isoDate(ctx.now);
      const cr = await planCreative(
        ctx,
        format,
        args as CreativeArgs,
        status,
        campaign.name,
        campaign.start_date > today ? campaign.start_date : today,
      );
      const notes = [
        status === 'PAUSED'
          ? 'The campaign is ACTIVE, so the creative starts PAUSED: start it with resume_proads_creative.'
          : `The creative delivers once the campaign (${campaign.status}) is resumed with resume_proads_campaign.`,
      ];
      return {
        summary: `Add a ${FORMAT_WORD[format]} creative to "${campaign.name}" (${campaign.id})`,
        changes: cr.changes,
        notes,
        data: { campaign: { id: campaign.id, name: campaign.name, status: campaign.status }, creative: cr.planned },
      };
    },
    async apply(plan, _args, ctx) {
      const cr = await applyCreative(ctx, plan.data.creative, plan.data.campaign.id, 'creative');
      const created = [{ entity: 'creative', id: cr.id, name: cr.name, status: cr.status }];
      return {
        text: createdText(
          `Creative "${cr.name}" added to "${plan.data.campaign.name}"`,
          created,
          `${plan.notes?.[0] ?? ''} Compare it with its siblings after a week with analyze_proads_creative_performance.`,
        ),
        structured: { ad_account_id: ctx.account.account_id, changed: true, summary: plan.summary, created },
      };
    },
  });
}

export const addCreativeTools: ToolDefinition[] = [
  addCreativeTool(
    'SINGLE_IMAGE',
    'Adds an image sponsored-content creative (introductory text, headline, optional description and call to action, destination, image by asset_id or URL) to an existing proads single-image campaign. In an ACTIVE campaign it starts PAUSED (resume_proads_creative).',
  ),
  addCreativeTool(
    'TEXT_AD',
    'Adds a text ad (headline at most 25 characters, description at most 75, destination, optional 100 x 100 image) to an existing proads text campaign. In an ACTIVE campaign it starts PAUSED.',
  ),
  addCreativeTool(
    'VIDEO',
    'Adds a video creative (MP4 by asset_id or URL, headline, optional introductory text and call to action, destination) to an existing proads video campaign. In an ACTIVE campaign it starts PAUSED.',
  ),
  addCreativeTool(
    'CAROUSEL',
    'Adds a carousel creative (introductory text and 2-10 cards with image, headline of at most 45 characters and destination) to an existing proads carousel campaign. In an ACTIVE campaign it starts PAUSED.',
  ),
];
