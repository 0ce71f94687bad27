/**
 * The operator's setup problems of every live adapter answer one way (LiveSetupError, core/errors.ts): a tool call on
 * a live account whose platform app is missing a credential or is refused answers 400 `live_setup_incomplete` naming
 * the platform, shows no secret's value, and leaves the owner's connection healthy (reconnecting would not help:
 * docs/errors.md, LIVE.md). Each row breaks the deployment's app against the platform's fake in one way (a missing
 * credential, an app the platform refuses, an API address that is not the API's), calls the platform's campaign list,
 * then fixes the app and calls again. searchads answered 500 for the same problem before, and a chatads API address
 * without the version path, or a proads API address that leads to another server, answered `not_found`, as if the
 * user's campaign did not exist (platforms/live/not-found.ts decides a 404 for every platform now).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PlatformWord } from '../../../core/platforms';
import { GatewayError } from '../../../core/errors';
import { connectLiveAccounts } from '../../../functions/connect/accounts';
import { loadCredentials } from '../../../functions/runtime/stores/credentials';
import { listConnectedAccounts } from '../../../functions/runtime/stores/owners';
import { CONNECTORS } from '../../../platforms/connectors';
import { operatorCall } from '../../../platforms/live/connector';
import { ProAdsApi } from '../../../platforms/proads/live/api';
import { callTool, createTestOwner, useTestTables } from '../../support/gateway';
import { useFakeChatAdsApi } from '../chatads/live-support';
import { deskAdsLiveOwner, useFakeDeskAds } from '../deskads/live-support';
import { liveOwner as liveProAdsOwner, useFakeProAds } from '../proads/live-support';
import { liveRetailOwner, useFakeRetailAds } from '../retailads/live-support';
import { liveOwner as liveSearchAdsOwner, useFakeSearchPlatform } from '../searchads/live-support';
import { liveShortVideoOwner, useFakeShortVideoApi } from '../shortvideo/live-support';
import { liveSocialAdsOwner, useFakeSocialAdsApi } from '../socialads/live-support';

useTestTables();
const searchads = useFakeSearchPlatform();
const socialads = useFakeSocialAdsApi();
const proads = useFakeProAds();
const shortvideo = useFakeShortVideoApi();
const retailads = useFakeRetailAds();
const deskads = useFakeDeskAds();
const chatads = useFakeChatAdsApi();

/** A web server on loopback that is not a platform's API: every path answers an HTML 404 page. */
let notTheApi: Server;
beforeAll(async () => {
  notTheApi = createServer((_req, res) => res.writeHead(404, { 'Content-Type': 'text/html' }).end('<h1>Not Found</h1>'));
  await new Promise<void>((resolve) => notTheApi.listen(0, '127.0.0.1', resolve));
});
afterAll(() => new Promise<void>((resolve) => notTheApi.close(() => resolve())));

/** Points a deployment setting elsewhere until the returned function puts it back. */
function setTo(name: string, value: string): () => void {
  const saved = process.env[name];
  process.env[name] = value;
  return () => {
    process.env[name] = saved;
  };
}

/** A gateway owner with a live chatads account, connected with the ad account's own API key. */
async function liveChatAdsOwner(): Promise<LiveOwner> {
  const { owner, apiKey } = await createTestOwner();
  const { apiKey: platformKey } = chatads.api.addAccount();
  await connectLiveAccounts(owner.owner_id, 'chatads', { 'api-key': platformKey });
  return { apiKey, ownerId: owner.owner_id, tokens: [platformKey] };
}

interface LiveOwner {
  apiKey: string;
  ownerId: string;
  /** The owner's own credentials for the platform (refresh or access tokens): never shown either. */
  tokens: string[];
}

/** A gateway owner with a live account of each platform, connected over the platform's fake. */
const OWNERS: Record<PlatformWord, () => Promise<LiveOwner>> = {
  searchads: async () => {
    const { apiKey, owner, refreshToken } = await liveSearchAdsOwner(searchads);
    return { apiKey, ownerId: owner.owner_id, tokens: [refreshToken] };
  },
  socialads: async () => {
    const { apiKey, ownerId, token } = await liveSocialAdsOwner(socialads.api);
    return { apiKey, ownerId, tokens: [token.token] };
  },
  proads: async () => {
    const { apiKey, owner, refreshToken } = await liveProAdsOwner(proads);
    return { apiKey, ownerId: owner.owner_id, tokens: [refreshToken] };
  },
  shortvideo: async () => {
    const { apiKey, owner, token } = await liveShortVideoOwner(shortvideo);
    return { apiKey, ownerId: owner.owner_id, tokens: [token.accessToken, ...(token.refreshToken ? [token.refreshToken] : [])] };
  },
  retailads: async () => {
    const { apiKey, owner, refreshToken } = await liveRetailOwner(retailads);
    return { apiKey, ownerId: owner.owner_id, tokens: [refreshToken] };
  },
  deskads: async () => {
    const { apiKey, owner, refreshToken } = await deskAdsLiveOwner(deskads);
    return { apiKey, ownerId: owner.owner_id, tokens: [refreshToken] };
  },
  chatads: liveChatAdsOwner,
};

interface SetupCase {
  word: PlatformWord;
  /** The platform's campaign list tool. */
  tool: string;
  /** What is wrong with the app, as the message names it. */
  names: RegExp;
  /** Breaks the deployment's app; returns what puts it right again. */
  breakApp(): () => void;
}

/** Unsets a deployment setting until the returned function puts it back. */
function unset(name: string): () => void {
  const value = process.env[name];
  delete process.env[name];
  return () => {
    process.env[name] = value;
  };
}

/** One row per platform: an app credential missing or refused (chatads has none: its setup is the API address). */
const CASES: SetupCase[] = [
  { word: 'searchads', tool: 'list_campaigns', names: /SEARCHADS_CLIENT_SECRET/, breakApp: () => unset('SEARCHADS_CLIENT_SECRET') },
  {
    word: 'socialads',
    tool: 'list_socialads_campaigns',
    names: /App Review/,
    breakApp: () => {
      socialads.api.failNext({ code: 10, message: '(#10) Application does not have permission for this action' }, 403);
      return () => undefined;
    },
  },
  { word: 'proads', tool: 'list_proads_campaign_groups', names: /PROADS_CLIENT_SECRET/, breakApp: () => unset('PROADS_CLIENT_SECRET') },
  {
    word: 'shortvideo',
    tool: 'list_shortvideo_campaigns',
    names: /not approved/,
    breakApp: () => {
      shortvideo.api.appState = 'unapproved';
      return () => (shortvideo.api.appState = 'approved');
    },
  },
  {
    word: 'retailads',
    tool: 'list_retailads_campaigns',
    names: /RETAILADS_CLIENT_ID/,
    breakApp: () => {
      retailads.api.clientApproved = false;
      return () => (retailads.api.clientApproved = true);
    },
  },
  { word: 'deskads', tool: 'list_deskads_campaigns', names: /DESKADS_DEVELOPER_TOKEN/, breakApp: () => unset('DESKADS_DEVELOPER_TOKEN') },
  {
    word: 'chatads',
    tool: 'list_chatads_campaigns',
    // The API's own answer to a path it does not serve: "Invalid URL (GET /campaigns)".
    names: /CHATADS_API_URL does not lead to the chatads API.*Invalid URL/,
    breakApp: () => setTo('CHATADS_API_URL', chatads.api.url.replace(/\/v1$/, '')),
  },
];

/**
 * An API address that leads to another server (every path an HTML 404), one row per platform whose adapter reads a
 * 404 (platforms/live/not-found.ts): the settings it points (with the path the API's base has), the one the message names.
 */
function wrongAddress(word: PlatformWord, tool: string, settings: string[], basePath = ''): SetupCase {
  return {
    word,
    tool,
    names: new RegExp(`(${settings.join('|')})\\b.* not lead to the ${word} API: .*without the API's error object`),
    breakApp: () => {
      const puts = settings.map((name) => setTo(name, `http://127.0.0.1:${(notTheApi.address() as AddressInfo).port}${basePath}`));
      return () => puts.forEach((put) => put());
    },
  };
}
const WRONG_ADDRESS: SetupCase[] = [
  wrongAddress('searchads', 'list_campaigns', ['SEARCHADS_API_URL']),
  // Every 404 of proads answered `not_found` before ("check the id"), whatever server gave it.
  wrongAddress('proads', 'list_proads_campaign_groups', ['PROADS_API_URL'], '/rest'),
  wrongAddress('shortvideo', 'list_shortvideo_campaigns', ['SHORTVIDEO_API_URL']),
  wrongAddress('retailads', 'list_retailads_campaigns', ['RETAILADS_API_URL']),
  wrongAddress('deskads', 'list_deskads_campaigns', [
    'DESKADS_CAMPAIGN_API_URL',
    'DESKADS_CUSTOMER_API_URL',
    'DESKADS_AD_INSIGHT_API_URL',
    'DESKADS_REPORTING_API_URL',
  ]),
  wrongAddress('chatads', 'list_chatads_campaigns', ['CHATADS_API_URL'], '/v1'),
];

/** The names of a platform's secret settings (app ids, secrets, developer tokens). */
const secretNames = (word: PlatformWord): string[] =>
  (CONNECTORS[word]?.settings ?? []).filter((s) => s.kind === 'secret').map((s) => s.name);

/** The deployment's secret settings of a platform as they are set now. */
const secretValues = (word: PlatformWord): string[] =>
  secretNames(word)
    .map((name) => process.env[name])
    .filter((value): value is string => Boolean(value));

describe("live setup incomplete: the operator's problem, the same answer on every platform", () => {
  it('has one row for every platform (chatads has no app secrets: its setup is the API address)', () => {
    expect(CASES.map((c) => c.word).sort()).toEqual((Object.keys(CONNECTORS) as PlatformWord[]).sort());
    expect(secretNames('chatads')).toEqual([]);
  });

  it('chatads: a campaign that does not exist, on the right address, stays not_found', async () => {
    const owner = await liveChatAdsOwner();
    const answer = await callTool(owner.apiKey, 'get_chatads_campaign', { campaign_id: 'cmpn_doesnotexist1' });
    expect(answer.body.error).toContain('cmpn_doesnotexist1');
    expect(answer.body.structured_content).toMatchObject({ code: 'not_found', platform_error: 'not_found' });
  });

  it("proads: the API's own answer about a missing campaign stays not_found; its answer to a path it does not serve is the setting's", async () => {
    const { apiKey, account } = await liveProAdsOwner(proads);
    const answer = await callTool(apiKey, 'pause_proads_campaign', { campaign_id: '999999991', dry_run: true });
    expect(answer.body.structured_content).toMatchObject({ code: 'not_found' });

    // The 404 itself, as the adapter reads it: the Marketing API's error object about the campaign.
    const credentials = (await loadCredentials<{ refresh_token: string }>(account))!;
    const api = new ProAdsApi(credentials, operatorCall(), async (reason) => new Error(reason), account.account_id);
    const missing = await api.get(`/adAccounts/${account.account_id}/adCampaigns/999999991`).catch((err: GatewayError) => err);
    expect(missing).toBeInstanceOf(GatewayError);
    expect((missing as GatewayError).message).toContain('999999991');
    expect((missing as GatewayError).structuredContent).toMatchObject({
      code: 'not_found',
      platform: 'proads',
      platform_error: 'NOT_FOUND',
      request_id: expect.any(String),
    });
    // A resource the API does not serve: its RESOURCE_NOT_FOUND answer, not an entity's.
    const unserved = await api.get('/adCampaignz').catch((err: GatewayError) => err);
    expect((unserved as GatewayError).structuredContent).toMatchObject({
      code: 'live_setup_incomplete',
      platform: 'proads',
      platform_error: 'RESOURCE_NOT_FOUND',
    });
    expect((unserved as GatewayError).message).toMatch(
      /PROADS_API_URL does not lead to the proads API: GET \/adCampaignz.*No virtual resource found/,
    );
  });

  it("retailads: the API's answer to a path it does not serve (NOT_FOUND, \"Could not find resource for full path\") is the setting's, not the user's id", async () => {
    const owner = await OWNERS.retailads();
    const put = setTo('RETAILADS_API_URL', `${retailads.api.url}/v1`);
    let answer;
    try {
      answer = await callTool(owner.apiKey, 'list_retailads_campaigns', {});
    } finally {
      put();
    }
    expect({ status: answer.status, ...answer.body.structured_content }).toMatchObject({
      status: 400,
      code: 'live_setup_incomplete',
      platform: 'retailads',
      platform_error: 'NOT_FOUND',
    });
    expect(answer.body.error).toMatch(/RETAILADS_API_URL does not lead to the retailads API: .*Could not find resource for full path/);
  });

  it.each([...CASES, ...WRONG_ADDRESS])(
    '$word ($names): 400 live_setup_incomplete, no secret shown, the connection stays healthy',
    async (row) => {
      const owner = await OWNERS[row.word]();
      const secrets = [...secretValues(row.word), ...owner.tokens];
      const fix = row.breakApp();
      let answer;
      try {
        answer = await callTool(owner.apiKey, row.tool, {});
      } finally {
        fix();
      }
      expect({ status: answer.status, ...answer.body.structured_content }).toMatchObject({
        status: 400,
        code: 'live_setup_incomplete',
        platform: row.word,
      });
      expect(answer.body.error).toMatch(row.names);
      expect(answer.body.error).toContain(`docs/live/${row.word}.md`);
      const shown = JSON.stringify(answer.body);
      for (const secret of secrets) expect(shown).not.toContain(secret);

      const [stored] = await listConnectedAccounts(owner.ownerId, row.word);
      expect(stored!.health?.healthy).not.toBe(false);
      expect((await callTool(owner.apiKey, row.tool, {})).status).toBe(200);
    },
  );
});
