/**
 * searchads analyze_wasted_spend proposes nothing more inside a campaign it proposes to pause (issue 31):
 * the pause stops the campaign's searches and keywords, so the calls it gives add no negative to a listed
 * campaign and pause none of its keywords; its searches stay listed, each with the campaign's pause (or
 * null) as its action, and its waste is counted once (the campaign's). Likewise a search of a keyword it pauses
 * carries that keyword's pause, not a negative.
 */
import { callToolOk, createTestOwner, useTestTables } from '../../support/gateway';
import { day, useFixedClock } from '../figures/support';

useTestTables();
useFixedClock();

type Row = Record<string, any>;
const window = { start_date: day(-30), end_date: day(-1) };

describe('searchads analyze_wasted_spend: a campaign it pauses gets no negatives', () => {
  it('gives no negative or keyword pause in a listed campaign; its searches point to its pause; waste counted once', async () => {
    const { apiKey } = await createTestOwner({ accounts: { searchads: 1 } });
    // A lower threshold lists more campaigns, searches and keywords, so every kind of row meets the others.
    const s = (await callToolOk(apiKey, 'analyze_wasted_spend', { ...window, min_spend: 10 })).structured!;
    const campaigns = [...(s.campaigns as Row[]), ...(s.high_cost_campaigns as Row[])];
    const listed = new Map(campaigns.map((c) => [c.id as string, c]));
    const terms = s.search_terms as Row[];
    const inListed = terms.filter((t) => listed.has(t.campaign_id));
    const elsewhere = terms.filter((t) => !listed.has(t.campaign_id));
    // The seed spends without conversions on searches both inside campaigns the analysis pauses and outside them.
    expect(campaigns.some((c) => c.action)).toBe(true);
    expect(inListed.length).toBeGreaterThan(0);
    expect(elsewhere.some((t) => !t.blocks_live_keyword)).toBe(true);

    const actions = s.actions as { tool: string; arguments: Row }[];
    const negatives = actions.filter((a) => a.tool === 'add_negative_keywords');
    expect(negatives.filter((a) => listed.has(a.arguments.campaign_id)).map((a) => a.arguments.campaign_id)).toEqual([]);
    const keywordCampaign = new Map([...(s.keywords as Row[]), ...(s.high_cost_keywords as Row[])].map((k) => [k.id, k.campaign_id]));
    const paused = actions.filter((a) => a.tool === 'pause_keywords').flatMap((a) => a.arguments.keyword_ids as string[]);
    expect(paused.filter((id) => listed.has(keywordCampaign.get(id)))).toEqual([]);

    // A listed campaign's searches carry its pause (null when it does not run); the others their own negative, in the calls.
    for (const t of inListed)
      expect({ term: t.search_term, action: t.action }).toEqual({ term: t.search_term, action: listed.get(t.campaign_id)!.action });
    const negated = new Set(negatives.flatMap((a) => (a.arguments.keywords as Row[]).map((k) => `${a.arguments.campaign_id}|${k.text}`)));
    // A search of a keyword the analysis pauses carries that pause, and no negative is proposed for it (unless another
    // search with the same words, of a keyword that runs on, needs it).
    const keywordRows = new Map(
      [...(s.keywords as Row[]), ...(s.high_cost_keywords as Row[])].filter((k) => k.action).map((k) => [k.id, k]),
    );
    const ofPaused = elsewhere.filter((t) => keywordRows.has(t.keyword_id));
    expect(ofPaused.length).toBeGreaterThan(0);
    for (const t of ofPaused) {
      expect({ term: t.search_term, action: t.action }).toEqual({ term: t.search_term, action: keywordRows.get(t.keyword_id)!.action });
      const sameWords = elsewhere.filter(
        (o) => o !== t && o.campaign_id === t.campaign_id && o.search_term.toLowerCase() === t.search_term.toLowerCase(),
      );
      if (!sameWords.some((o) => o.action?.tool === 'add_negative_keywords'))
        expect(negated.has(`${t.campaign_id}|${t.search_term.toLowerCase()}`)).toBe(false);
    }
    for (const t of elsewhere.filter((t) => !t.blocks_live_keyword && !keywordRows.has(t.keyword_id))) {
      expect(t.action).toEqual({
        tool: 'add_negative_keywords',
        arguments: { campaign_id: t.campaign_id, keywords: [{ text: t.search_term.toLowerCase(), match_type: 'EXACT' }] },
      });
      expect(negated.has(`${t.campaign_id}|${t.search_term.toLowerCase()}`)).toBe(true);
    }

    // Counted once: asked for one listed campaign, the analysis counts that campaign's waste, its searches and keywords
    // inside it, and gives only its pause.
    for (const c of campaigns) {
      const one = (await callToolOk(apiKey, 'analyze_wasted_spend', { ...window, min_spend: 10, campaign_id: c.id })).structured!;
      expect({ id: c.id, wasted: one.wasted_spend, actions: one.actions }).toEqual({
        id: c.id,
        wasted: c.wasted_spend,
        actions: c.action ? [c.action] : [],
      });
    }
  }, 120_000);
});
