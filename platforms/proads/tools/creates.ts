/**
 * The proads create family, in registry order: campaign groups (one or many), a campaign in a group, a
 * campaign of each format with its first creative, a creative of each format in an existing campaign,
 * and clones. Everything starts where it cannot spend: groups as DRAFT, campaigns as DRAFT (no
 * creative yet) or PAUSED, creatives of an active campaign as PAUSED. Formats are rows of data (their
 * copy fields, asset kind and limits); each multi-step create checkpoints every step with ctx.step, so
 * a retry resumes without duplicates.
 */
import type { ToolDefinition } from '../../../core/tool';
import { batchCreateCampaignGroups, createCampaignGroup } from './campaign-group-creates';
import { addCampaignToGroup, createCampaignTools } from './campaign-creates';
import { addCreativeTools } from './creative-adds';
import { cloneCampaign } from './clone-campaign';

export const createTools: ToolDefinition[] = [
  createCampaignGroup,
  batchCreateCampaignGroups,
  addCampaignToGroup,
  ...createCampaignTools,
  ...addCreativeTools,
  cloneCampaign,
];
