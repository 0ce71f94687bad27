/**
 * A media buyer's morning on one platform (issue 31, "Done when"), played over the real chain on a
 * fresh sandbox account: morning check (accounts, the campaign list for yesterday and the window) →
 * waste analysis → budget advice → a dry run, then the applied write that stops the worst waste →
 * the change history with before → after → the cross-platform report and a monitor over the same
 * window. Every figure is compared with another tool's or with the list's own, never with a number
 * written here. One body for all seven platforms; each platform's file (day-in-the-life-<word>.test.ts)
 * only says which of its tools play each part, so Jest can spread the files over its workers.
 */
import type { PlatformWord } from '../../../core/platforms';
import { callToolOk, createTestOwner, useTestTables } from '../../support/gateway';
import { cents, day, expectOneSource, listed, PLATFORMS, report, sumCents, useFixedClock, windowOf } from './support';
import type { ListedCampaign } from './support';

type Row = Record<string, any>;
type Window = { start: string; end: string };

/** One campaign's figures as a tool shows them (spend or conversions left out where it shows none). */
export interface CampaignFigures {
  id: string;
  spend?: number;
  conversions?: number | null;
}

/** What a platform's waste analysis says, read from its structured answer. */
export interface Waste {
  /** Every entity (campaign, ad set, ad group, keyword...) it calls waste, by id. */
  ids: string[];
  /** The campaigns it shows figures for. */
  campaigns: CampaignFigures[];
  /** The entities it proposes to scale itself (a bid or budget raised), by id: none of `ids` may be among them. */
  raises?: string[];
  /** The write that stops the worst of it: the tool and arguments, the entity it pauses, and that entity's campaign. */
  stop: { tool: string; args: Row; entityId: string; campaignId: string };
}

export interface DayOfPlatform {
  platform: PlatformWord;
  waste: { tool: string; args(window: Window): Row; read(structured: Row, list: ListedCampaign[]): Waste };
  /**
   * The platform's budget advice and optimisation tools (and other analyses): the ids of the entities
   * each proposes to scale, and the campaign figures each shows (over the list's window).
   */
  advice: Advice[];
}

export interface Advice {
  tool: string;
  args(window: Window): Row;
  scaled?(structured: Row): string[];
  figures?(structured: Row): CampaignFigures[];
  /** A known disagreement of its figures with the list: the check is kept as it.failing, naming it. */
  disagrees?: string;
}

const dated = (w: Window) => ({ start_date: w.start, end_date: w.end });
const largest = <T>(rows: T[], by: (row: T) => number): T => {
  if (!rows.length) throw new Error('the waste analysis found nothing to stop on a fresh sandbox account');
  return rows.reduce((best, row) => (by(row) > by(best) ? row : best));
};

/** The statuses a list shows for its campaigns, by id. */
async function statuses(apiKey: string, platform: PlatformWord, window: Window): Promise<Map<string, string>> {
  const c = PLATFORMS.find((x) => x.platform === platform)!;
  const structured = (await callToolOk(apiKey, c.list, c.listArgs(window))).structured!;
  return new Map((structured.campaigns as Row[]).map((x) => [x.id, String(x.status ?? x.state).toLowerCase()]));
}

/** The one change of a plan (dry run or history entry) that touches `id`, and its status-like field. */
function pausedField(changes: Row[], id: string): { field: string; before: unknown; after: unknown } {
  const change = changes.find((x) => x.id === id);
  expect({ id, planned: Boolean(change) }).toEqual({ id, planned: true });
  const [field, value] = Object.entries(change!.fields as Record<string, { before: unknown; after: unknown }>).find(([, v]) =>
    /paused/i.test(String(v.after)),
  ) ?? ['(none)', { before: undefined, after: undefined }];
  return { field, before: value.before, after: value.after };
}

/** Each campaign a tool shows has the list's spend and conversions (n/a stays n/a), to the cent. */
function expectListFigures(shown: CampaignFigures[], list: ListedCampaign[], tool: string): void {
  const byId = new Map(list.map((r) => [r.id, r]));
  for (const w of shown) {
    const row = byId.get(w.id);
    expect({ tool, id: w.id, listed: Boolean(row) }).toEqual({ tool, id: w.id, listed: true });
    if (w.spend !== undefined) expect({ tool, id: w.id, spend: cents(w.spend) }).toEqual({ tool, id: w.id, spend: cents(row!.spend) });
    if (w.conversions !== undefined)
      expect({ tool, id: w.id, conversions: w.conversions }).toEqual({ tool, id: w.id, conversions: row!.conversions });
  }
}

/** Per campaign: spend and conversions in cents and counts, to compare two reads of the same days. */
const figuresById = (rows: ListedCampaign[]) =>
  Object.fromEntries(rows.map((r) => [r.id, { spend: cents(r.spend), conversions: r.conversions }]));

export function dayInTheLife(d: DayOfPlatform): void {
  const c = PLATFORMS.find((x) => x.platform === d.platform)!;
  const window = windowOf(c);
  const yesterday = { start: day(-1), end: day(-1) };

  useTestTables();
  useFixedClock();

  describe(`a media buyer's morning on ${d.platform}`, () => {
    let apiKey: string;
    let accountId: string;
    let before: ListedCampaign[];
    let beforeYesterday: ListedCampaign[] | undefined;
    let waste: Waste;
    let plan: { field: string; before: unknown; after: unknown };

    beforeAll(async () => {
      const owner = await createTestOwner({ accounts: { [d.platform]: 1 } });
      apiKey = owner.apiKey;
      accountId = owner.accounts[d.platform]![0]!.account_id;
    }, 60_000);

    it('morning check: the account is connected, and yesterday is part of the window with the same figures', async () => {
      const connected = (await callToolOk(apiKey, 'list_connected_accounts')).structured!.platforms as Row[];
      const mine = connected.find((p) => p.platform === d.platform)!;
      expect(mine.accounts.map((a: Row) => ({ id: a.id, mode: a.mode }))).toEqual([{ id: accountId, mode: 'sandbox' }]);

      before = await listed(apiKey, c, window);
      expect(sumCents(before.map((r) => r.spend))).toBeGreaterThan(0);
      if (c.days === 30) return; // chatads' list always shows the last 30 days: no list of yesterday alone.
      beforeYesterday = await listed(apiKey, c, yesterday);
      // Yesterday is one of the window's days: no campaign spent or converted more yesterday than in the whole window.
      const week = new Map(before.map((r) => [r.id, r]));
      for (const r of beforeYesterday.filter((x) => x.spend > 0)) {
        const w = week.get(r.id);
        expect({ id: r.id, inWindow: Boolean(w), yesterdayAtMostWindow: cents(r.spend) <= cents(w?.spend ?? 0) }).toEqual({
          id: r.id,
          inWindow: true,
          yesterdayAtMostWindow: true,
        });
        expect((r.conversions ?? 0) <= (w!.conversions ?? 0)).toBe(true);
      }
      // The report of yesterday (what a morning email shows) has the list's spend of yesterday, to the cent.
      const r = await report(apiKey, c, yesterday);
      expect(cents(r.accounts[0].totals.spend)).toBe(sumCents(beforeYesterday.map((x) => x.spend)));
    }, 120_000);

    it("waste analysis: the campaigns it names have the list's spend and conversions, to the cent", async () => {
      const structured = (await callToolOk(apiKey, d.waste.tool, d.waste.args(window))).structured!;
      waste = d.waste.read(structured, before);
      expect(waste.ids.length).toBeGreaterThan(0);
      expectListFigures(waste.campaigns, before, d.waste.tool);
      // What it stops spent in the window (its campaign shows that spend in the list).
      expect(cents(before.find((r) => r.id === waste.stop.campaignId)?.spend ?? 0)).toBeGreaterThan(0);
    }, 120_000);

    const answers = new Map<string, Row>();
    const answer = async (a: Advice) => {
      const key = JSON.stringify([a.tool, a.args(window)]);
      if (!answers.has(key)) answers.set(key, (await callToolOk(apiKey, a.tool, a.args(window))).structured!);
      return answers.get(key)!;
    };
    const scaling = d.advice.filter((a) => a.scaled);
    // chatads has no budget advice: no such check there.
    if (scaling.length)
      it('the waste analysis and the budget advice never propose scaling what the waste analysis calls waste', async () => {
        const itself = (waste.raises ?? []).filter((id) => waste.ids.includes(id));
        expect({ tool: d.waste.tool, scalesWaste: itself }).toEqual({ tool: d.waste.tool, scalesWaste: [] });
        for (const a of scaling) {
          const scaled = a.scaled!(await answer(a));
          expect({ tool: a.tool, scalesWaste: scaled.filter((id) => waste.ids.includes(id)) }).toEqual({ tool: a.tool, scalesWaste: [] });
        }
      }, 120_000);

    for (const a of d.advice.filter((x) => x.figures)) {
      // A known disagreement stays visible as it.failing (it passes while the tools disagree), named in `disagrees`.
      (a.disagrees ? it.failing : it)(
        `${a.tool} shows each campaign with the list's spend and conversions, to the cent`,
        async () => {
          const shown = a.figures!(await answer(a));
          expect(shown.length).toBeGreaterThan(0);
          expectListFigures(shown, before, a.tool);
        },
        120_000,
      );
    }

    it('a dry run plans the pause and changes nothing; the applied write pauses it; past days keep their spend', async () => {
      const { tool, args, entityId, campaignId } = waste.stop;
      const statusBefore = await statuses(apiKey, d.platform, window);
      const dry = (await callToolOk(apiKey, tool, { ...args, dry_run: true })).structured!;
      expect(dry.dry_run).toBe(true);
      plan = pausedField(dry.changes as Row[], entityId);
      expect(plan.after).toBeDefined();
      expect(plan.before).not.toEqual(plan.after);
      expect(await statuses(apiKey, d.platform, window)).toEqual(statusBefore);

      await callToolOk(apiKey, tool, args);
      const statusAfter = await statuses(apiKey, d.platform, window);
      if (entityId === campaignId) expect(statusAfter.get(campaignId)).toMatch(/paused/);
      else expect(statusAfter.get(campaignId)).toBe(statusBefore.get(campaignId));

      // The pause is from now on: the window's and yesterday's figures of every campaign stay what they were.
      expect(figuresById(await listed(apiKey, c, window))).toEqual(figuresById(before));
      if (beforeYesterday) expect(figuresById(await listed(apiKey, c, yesterday))).toEqual(figuresById(beforeYesterday));
    }, 120_000);

    it('the change history shows the dry run and the applied pause, with the field before → after', async () => {
      const entries = (await callToolOk(apiKey, 'list_change_history', { platform: d.platform, entity: waste.stop.entityId })).structured!
        .entries as Row[];
      const of = (outcome: string) => entries.filter((e) => e.tool === waste.stop.tool && e.outcome === outcome);
      expect(of('dry_run')).toHaveLength(1);
      expect(of('applied')).toHaveLength(1);
      expect(pausedField(of('applied')[0]!.changes as Row[], waste.stop.entityId)).toEqual(plan);
    }, 60_000);

    it("the cross-platform report and a monitor over the window agree with the list to the cent, the paused campaign's spend kept", async () => {
      await expectOneSource(apiKey, c);
      const r = await report(apiKey, c, window);
      const shown = (r.accounts[0].top_campaigns as Row[]).find((x) => x.id === waste.stop.campaignId);
      const listedBefore = before.find((x) => x.id === waste.stop.campaignId)!;
      if (shown) {
        expect(cents(shown.spend)).toBe(cents(listedBefore.spend));
        if (waste.stop.entityId === waste.stop.campaignId) expect(String(shown.status).toLowerCase()).toMatch(/paused/);
      }
    }, 180_000);
  });
}

export { dated, largest };
