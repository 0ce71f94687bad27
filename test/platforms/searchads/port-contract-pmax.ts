/**
 * What any adapter of the searchads port must do for Performance Max (sandbox and live): run with
 * `describePmaxPortContract(label, open)` on an account with an enabled Performance Max campaign
 * that holds an asset group with its minimum assets.
 */
import { ToolError } from '../../../core/errors';
import type { SearchAdsPort } from '../../../platforms/searchads/port';

export function describePmaxPortContract(label: string, open: () => Promise<SearchAdsPort>): void {
  describe(`searchads Performance Max port contract: ${label}`, () => {
    let port: SearchAdsPort;
    let campaignId: string;
    beforeAll(async () => {
      port = await open();
      campaignId = (await port.listCampaigns()).find((c) => c.type === 'PERFORMANCE_MAX' && c.status === 'ENABLED')!.id;
    });

    it('reads asset groups, their assets, the media library, signals and listing filters with digit ids', async () => {
      const groups = await port.listAssetGroups(campaignId);
      expect(groups.length).toBeGreaterThan(0);
      for (const g of groups) {
        expect(g.id).toMatch(/^\d+$/);
        expect(g.campaign_id).toBe(campaignId);
        expect(g.final_urls.length).toBeGreaterThan(0);
      }
      expect(await port.getAssetGroup(groups[0]!.id)).toEqual(groups[0]);
      const links = await port.listAssetGroupAssets({ assetGroupId: groups[0]!.id });
      const library = await port.listMediaAssets();
      for (const l of links) {
        expect(l.id).toBe(`${l.asset_group_id}~${l.asset_id}~${l.field_type}`);
        expect(l.campaign_id).toBe(campaignId);
        expect(library.map((a) => a.id)).toContain(l.asset_id);
      }
      for (const image of library.filter((a) => a.type === 'IMAGE')) expect(image.width! * image.height!).toBeGreaterThan(0);
      expect((await port.listAssetGroupAssets({ campaignId })).length).toBeGreaterThanOrEqual(links.length);
      for (const s of await port.listAssetGroupSignals({ campaignId })) expect(s.id).toMatch(new RegExp(`^${s.asset_group_id}~\\d+$`));
      const tree = await port.listListingGroupFilters(groups[0]!.id);
      expect(tree.filter((f) => !f.parent_id)).toHaveLength(tree.length ? 1 : 0);
    });

    it('an unknown asset group id is a 400 naming it', async () => {
      const err = await port.getAssetGroup('999999999').catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ToolError);
      expect((err as ToolError).message).toContain('999999999');
    });

    it('an asset group created with its assets, a search theme and a listing split show in the next reads', async () => {
      const [group] = await port.listAssetGroups(campaignId);
      const links = (await port.listAssetGroupAssets({ assetGroupId: group!.id })).filter((l) => l.status === 'ENABLED');
      const created = await port.createAssetGroup(
        { campaign_id: campaignId, name: `Contract ${Date.now()}`, status: 'PAUSED', final_urls: ['https://www.example.com/contract'] },
        links.map((l) => ({ asset_id: l.asset_id, field_type: l.field_type })),
      );
      expect(created.id).toMatch(/^\d+$/);
      expect((await port.listAssetGroups(campaignId)).map((g) => g.id)).toContain(created.id);
      expect((await port.listAssetGroupAssets({ assetGroupId: created.id })).map((l) => l.id).sort()).toEqual(
        links.map((l) => `${created.id}~${l.asset_id}~${l.field_type}`).sort(),
      );
      const [theme] = await port.addAssetGroupSignals([
        { asset_group_id: created.id, type: 'SEARCH_THEME', search_theme: 'contract theme' },
      ]);
      expect((await port.listAssetGroupSignals({ assetGroupId: created.id })).map((s) => [s.id, s.search_theme])).toEqual([
        [theme!.id, 'contract theme'],
      ]);
      await port.mutateListingGroupFilters(created.id, {
        remove: [],
        create: [
          { type: 'SUBDIVISION' },
          { type: 'UNIT_INCLUDED', parent_id: '-1', case_value: { dimension: 'BRAND', value: 'Contract' } },
          { type: 'UNIT_EXCLUDED', parent_id: '-1', case_value: { dimension: 'BRAND' } },
        ],
      });
      const tree = await port.listListingGroupFilters(created.id);
      expect(tree.map((f) => f.case_value?.value ?? f.type).sort()).toEqual(['Contract', 'SUBDIVISION', 'UNIT_EXCLUDED']);
      const removed = await port.updateAssetGroup(created.id, { status: 'REMOVED' });
      expect(removed.status).toBe('REMOVED');
    });
  });
}
