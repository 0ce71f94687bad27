/**
 * The daily budget a deskads campaign draws on, one definition for every tool that shows a campaign's budget
 * (list_deskads_campaigns, get_deskads_campaign_performance, the campaign creates; list_deskads_budgets lists
 * a shared budget's campaigns with the same amount). A campaign on a shared budget (Budget entity) has no
 * budget of its own: it draws on the shared budget's whole daily amount together with that budget's other
 * campaigns, by demand, never an even split, so the daily_budget the platform keeps for it (the sandbox
 * stores an even share) is never shown as its budget.
 */
import * as v from 'valibot';
import { money } from '../../../core/markdown';
import type { DeskAdsBudget } from '../port-rest';

export interface CampaignBudget {
  /** The daily amount it draws on: its shared budget's whole amount, else its own daily budget. */
  daily_budget: number;
  shared_budget_id: string | null;
  shared_budget_name: string | null;
}

/** The output schema's entries of a campaign's budget. */
export const campaignBudgetOutput = {
  daily_budget: v.pipe(v.number(), v.description("The daily amount it draws on: its shared budget's whole amount, else its own")),
  shared_budget_id: v.nullable(v.string()),
  shared_budget_name: v.nullable(v.string()),
};

/** A campaign's daily budget: its shared budget's (whole amount, id and name), else its own. */
export function campaignBudget(
  campaign: { daily_budget: number; budget_id?: string },
  sharedBudgets: readonly Pick<DeskAdsBudget, 'id' | 'name' | 'amount'>[],
): CampaignBudget {
  const shared = campaign.budget_id === undefined ? undefined : sharedBudgets.find((b) => b.id === campaign.budget_id);
  return shared
    ? { daily_budget: shared.amount, shared_budget_id: shared.id, shared_budget_name: shared.name }
    : { daily_budget: campaign.daily_budget, shared_budget_id: null, shared_budget_name: null };
}

/** The budget in words: `$20.00` of its own, `$40.00 shared ("Seasonal")` on a shared budget. */
export function campaignBudgetText(budget: CampaignBudget, currency: string): string {
  return budget.shared_budget_name === null
    ? money(budget.daily_budget, currency)
    : `${money(budget.daily_budget, currency)} shared ("${budget.shared_budget_name}")`;
}

/** The sentence a campaign list or create answer gives when a campaign draws on a shared budget. */
export const SHARED_BUDGET_NOTE =
  "A campaign on a shared budget draws on its whole daily amount together with the budget's other campaigns, shared by demand (no even split); list_deskads_budgets shows what each spent of it and its share of the budget's spend.";
