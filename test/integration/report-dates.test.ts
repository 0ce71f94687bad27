/**
 * One reporting convention for every tool that reports figures over dates: the default window ends
 * yesterday, and a date after yesterday (today, or a day that has not happened) is refused with a
 * clear 400 (`date_after_yesterday`), instead of partial or made-up figures.
 */
import { addDays, isoDate } from '../../core/dates';
import { callTool, createTestOwner, useTestTables } from '../support/gateway';

useTestTables();

const DAY = 86_400;
const today = () => isoDate(new Date());
const unix = (day: string) => Date.parse(`${day}T00:00:00Z`) / 1000;

/** Every report or list tool that takes dates, with the arguments of a window from `start` to `end` (inclusive days). */
const DATED_TOOLS: Record<string, (start: string, end: string) => Record<string, unknown>> = {
  list_socialads_ad_sets: (start_date, end_date) => ({ start_date, end_date }),
  list_socialads_ads: (start_date, end_date) => ({ start_date, end_date }),
  get_socialads_app_campaigns: (start_date, end_date) => ({ start_date, end_date }),
  get_socialads_app_adsets: (start_date, end_date) => ({ start_date, end_date }),
  get_socialads_app_creatives: (start_date, end_date) => ({ start_date, end_date }),
  list_socialads_campaigns: (start_date, end_date) => ({ start_date, end_date }),
  get_socialads_campaign_performance: (start_date, end_date) => ({ start_date, end_date }),
  get_socialads_adset_performance: (start_date, end_date) => ({ start_date, end_date }),
  get_socialads_ad_performance: (start_date, end_date) => ({ start_date, end_date }),
  get_socialads_audience_insights: (start_date, end_date) => ({ start_date, end_date }),
  analyze_socialads_wasted_spend: (start_date, end_date) => ({ start_date, end_date }),
  get_socialads_product_performance: (start_date, end_date) => ({ start_date, end_date }),
  analyze_proads_creative_performance: (start_date, end_date) => ({ start_date, end_date }),
  analyze_proads_wasted_spend: (start_date, end_date) => ({ start_date, end_date }),
  get_retailads_report: (start_date, end_date) => ({ start_date, end_date }),
  analyze_retailads_placements: (start_date, end_date) => ({ start_date, end_date }),
  get_deskads_product_performance: (start_date, end_date) => ({ start_date, end_date }),
  get_chatads_conversion_insights: (start, end) => ({ start: unix(start), end: unix(end) + DAY }),
};

describe('report dates', () => {
  let apiKey: string;
  beforeAll(async () => {
    ({ apiKey } = await createTestOwner({ accounts: { socialads: 1, proads: 1, retailads: 1, chatads: 1, deskads: 1 } }));
  });

  it.each(Object.keys(DATED_TOOLS))(
    '%s refuses a window reaching into today or the future, and answers one through yesterday',
    async (tool) => {
      const args = DATED_TOOLS[tool];
      const yesterday = addDays(today(), -1);
      // Act
      const future = await callTool(apiKey, tool, args(addDays(today(), 3), addDays(today(), 9)));
      const throughToday = await callTool(apiKey, tool, args(addDays(today(), -7), today()));
      const past = await callTool(apiKey, tool, args(addDays(today(), -7), yesterday));
      // Assess
      expect(future.status).toBe(400);
      expect(future.body.structured_content).toMatchObject({ code: 'date_after_yesterday', last_day_with_data: yesterday });
      expect(future.body.error).toContain('is in the future');
      expect(throughToday.status).toBe(400);
      expect(throughToday.body.error).toContain(`${today()} is today`);
      expect(past.status).toBe(200);
    },
  );

  it.each(Object.keys(DATED_TOOLS))('%s ends its default window yesterday', async (tool) => {
    const result = await callTool(
      apiKey,
      tool,
      tool === 'get_retailads_report' ? DATED_TOOLS[tool](addDays(today(), -30), addDays(today(), -1)) : {},
    );
    expect(result.status).toBe(200);
    const structured = result.body.data!.structured!;
    const end = structured.end_date ?? (structured.end !== undefined ? isoDate(new Date((structured.end - 1) * 1000)) : undefined);
    expect(end).toBe(addDays(today(), -1));
  });
});
