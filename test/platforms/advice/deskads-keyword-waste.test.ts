/**
 * deskads keywords are judged with the shared waste rule (issue 31, core/advice.ts, core/waste.ts), as search
 * terms and products are: a keyword that converts at a cost per conversion more than 2× the account's is listed
 * by analyze_deskads_wasted_spend with the figures it rests on, the spend beyond what its conversions are worth
 * at the account's cost, and its pause (update_deskads_keywords, which runs as given); the watch proposes the
 * same pause with the same amount. Its ad group is judged by the same rule.
 */
import { addDays, isoDate } from '../../../core/dates';
import { SandboxStore } from '../../../platforms/sandbox/store';
import { useMiddayClock } from '../../support/clock';
import { callToolOk, createTestOwner, useTestTables } from '../../support/gateway';

useTestTables();
useMiddayClock();

type Row = Record<string, any>;
const cents = (n: number) => Math.round(n * 100);

describe('analyze_deskads_wasted_spend: keywords far above the account cost per conversion', () => {
  it('lists a converting keyword at more than 2× the account CPA with its excess waste and its pause; the watch proposes it', async () => {
    const owner = await createTestOwner({ accounts: { deskads: 1 } });
    const account = owner.accounts.deskads![0]!;
    const store = new SandboxStore('deskads', account.account_id);
    const yesterday = addDays(isoDate(new Date()), -1);
    const window = { start_date: addDays(yesterday, -29), end_date: yesterday };
    const keywordsOf = async () =>
      (await callToolOk(owner.apiKey, 'get_deskads_keyword_performance', { ...window, limit: 200 })).structured!.keywords as Row[];

    // The converting active keyword that costs most per conversion had its bid raised a hundredfold forty days ago:
    // it buys ten times the clicks at ten times their price, so it pays ten times as much for each conversion.
    const converting = (await keywordsOf()).filter((k) => k.status === 'Active' && k.metrics.conversions > 0);
    const costly = [...converting].sort((a, b) => b.metrics.cpa - a.metrics.cpa || a.text.localeCompare(b.text))[0]!;
    await store.update(
      'keyword',
      costly.keyword_id,
      { bid: costly.bid * 100 },
      { now: new Date(`${addDays(yesterday, -40)}T00:00:00.000Z`) },
    );

    // Its figures and the account's cost per conversion (the campaign list's spend over its conversions), same days.
    const keyword = (await keywordsOf()).find((k) => k.keyword_id === costly.keyword_id)!;
    const campaigns = (await callToolOk(owner.apiKey, 'list_deskads_campaigns', window)).structured!.campaigns as Row[];
    const spend = campaigns.reduce((s, c) => s + cents(c.metrics.spend), 0) / 100;
    const accountCpa = Math.round((spend / campaigns.reduce((s, c) => s + c.metrics.conversions, 0)) * 100) / 100;
    expect(keyword.metrics.conversions).toBeGreaterThan(0);
    expect(keyword.metrics.cpa).toBeGreaterThan(2 * accountCpa);

    const analysis = await callToolOk(owner.apiKey, 'analyze_deskads_wasted_spend', window);
    const listed = (analysis.structured!.keywords as Row[]).find((k) => k.id === keyword.keyword_id);
    const pause = { tool: 'update_deskads_keywords', arguments: { updates: [{ keyword_id: keyword.keyword_id, status: 'Paused' }] } };
    const waste = Math.round((keyword.metrics.spend - keyword.metrics.conversions * accountCpa) * 100) / 100;
    expect(listed).toMatchObject({
      name: keyword.text,
      spend: keyword.metrics.spend,
      conversions: keyword.metrics.conversions,
      cost_per_conversion: keyword.metrics.cpa,
      wasted_spend: waste,
      action: pause,
    });
    expect(listed!.reason).toContain("more than 2× the account's");
    // One keyword listed under the rule reads in the singular ("1 active keyword spent at least $10.00 at …").
    expect(analysis.text).toMatch(/active keywords? spent at least \$10\.00 (each )?at a cost per conversion over 2× the account's/);

    // Its ad group, whose spend it now makes, is judged by the same rule: listed with its conversions and the
    // spend beyond what they are worth at the account's cost (ad groups show that spend another way).
    const group = (analysis.structured!.ad_groups as Row[]).find((g) => g.id === keyword.ad_group_id);
    expect(group).toBeDefined();
    expect(group!.conversions).toBeGreaterThan(0);
    expect(group!.reason).toContain("more than 2× the account's");
    expect(group!.wasted_spend).toBeCloseTo(group!.spend - group!.conversions * accountCpa, 1);

    // list_deskads_keywords counts it among the keywords to pause by the same rule.
    const list = await callToolOk(owner.apiKey, 'list_deskads_keywords', { ...window, limit: 200 });
    expect(list.text).toContain(`spent without converting or at a cost per conversion over 2× the account's $${accountCpa.toFixed(2)}`);

    // The pause runs as given (a dry run plans it and changes nothing).
    const planned = (await callToolOk(owner.apiKey, pause.tool, { ...pause.arguments, dry_run: true })).structured!;
    expect(planned).toMatchObject({ dry_run: true });

    // The watch proposes the same pause, worth the same waste.
    const signals = (await callToolOk(owner.apiKey, 'run_watch_now')).structured!.signals as Row[];
    const watched = signals.filter(
      (s) =>
        s.platform === 'deskads' && s.fixes?.[0]?.tool === pause.tool && s.fixes[0].arguments.updates[0].keyword_id === keyword.keyword_id,
    );
    expect(watched.map((s) => s.monthly_value)).toEqual([waste]);
  }, 240_000);
});
