/**
 * An entity read on its own within a tool's run (a GetItem) is kept for the run: the plan's read
 * serves the revision-guarded update, the revision guard still catches a change made since, and
 * nothing is shared between runs. What a run keeps is never handed out: a caller that changes what
 * it was given changes its own copy, never what a later read of the run is served.
 */
import { documentClient, withStoreDeadline, type StoreScope } from '../../functions/runtime/stores/dynamo';
import { EntityStateError, SandboxStore } from '../../platforms/sandbox/store';
import { useTestTables } from '../support/gateway';

useTestTables();

let commands: string[] | undefined;
beforeAll(() => {
  documentClient().middlewareStack.add(
    ((next: (args: unknown) => Promise<unknown>, context: { commandName?: string }) => async (args: unknown) => {
      commands?.push(context.commandName ?? '');
      return next(args);
    }) as never,
    { step: 'initialize', priority: 'low', name: 'sandboxRunReadsRecorder' },
  );
});
afterAll(() => documentClient().middlewareStack.remove('sandboxRunReadsRecorder'));

interface Campaign {
  id: string;
  status: string;
  budget: number;
  name?: string;
  targeting?: { locations: string[] };
  history?: { at: string; before: Record<string, unknown> }[];
}

/** A tool's run: its own scope with its own reads, as the handler gives each run (functions/runtime/handler.ts). */
const run = <T>(work: () => Promise<T>): Promise<T> => {
  const scope: StoreScope = { deadline: Date.now() + 60_000, sandboxWrites: 0, sandboxReads: new Map() };
  return withStoreDeadline(scope, work);
};

/** The DynamoDB commands `work` sends. */
const commandsOf = async (work: () => Promise<unknown>): Promise<string[]> => {
  commands = [];
  try {
    await work();
    return commands;
  } finally {
    commands = undefined;
  }
};

describe('an entity read within a run', () => {
  const store = () => new SandboxStore('socialads', `run${Math.random().toString(36).slice(2, 8)}`);

  it('is read once for the plan and the update that follows it', async () => {
    const s = store();
    await s.create<Campaign>('campaign', { id: '1', status: 'ACTIVE', budget: 10 });
    const sent = await commandsOf(() =>
      run(async () => {
        const campaign = await s.require<Campaign>('campaign', '1');
        await s.update('campaign', '1', { budget: campaign.budget + 5 }, { expect: { status: 'ACTIVE' } });
      }),
    );
    expect(sent).toEqual(['GetItemCommand', 'TransactWriteItemsCommand']);
    expect(await s.require('campaign', '1')).toEqual({ id: '1', status: 'ACTIVE', budget: 15 });
  });

  it('is not taken for current when another write changed the entity since: the revision guard reads it again', async () => {
    const s = store();
    await s.create<Campaign>('campaign', { id: '1', status: 'ACTIVE', budget: 10 });
    await run(async () => {
      await s.require<Campaign>('campaign', '1');
      // Another request changes it meanwhile (outside this run).
      await withStoreDeadline({ deadline: Date.now() + 60_000 }, () => s.update('campaign', '1', { name: 'renamed' }));
      await s.update('campaign', '1', { budget: 20 });
    });
    expect(await s.require('campaign', '1')).toEqual({ id: '1', status: 'ACTIVE', budget: 20, name: 'renamed' });

    await run(async () => {
      await s.require<Campaign>('campaign', '1');
      await withStoreDeadline({ deadline: Date.now() + 60_000 }, () => s.update('campaign', '1', { status: 'PAUSED' }));
      // The run read ACTIVE; the fresh read finds PAUSED, so the expected state no longer holds.
      await expect(s.update('campaign', '1', { budget: 30 }, { expect: { status: 'ACTIVE' } })).rejects.toBeInstanceOf(EntityStateError);
    });
    expect(await s.require('campaign', '1')).toEqual({ id: '1', status: 'PAUSED', budget: 20, name: 'renamed' });
  });

  it('is read again after the run writes to the account, and in every new run', async () => {
    const s = store();
    await s.create<Campaign>('campaign', { id: '1', status: 'ACTIVE', budget: 10 });
    await s.create<Campaign>('campaign', { id: '2', status: 'ACTIVE', budget: 10 });
    const sent = await commandsOf(() =>
      run(async () => {
        await s.require('campaign', '1');
        await s.require('campaign', '1'); // kept
        await s.update('campaign', '2', { budget: 11 });
        expect(await s.require('campaign', '1')).toEqual({ id: '1', status: 'ACTIVE', budget: 10 }); // read again
      }),
    );
    expect(sent).toEqual(['GetItemCommand', 'GetItemCommand', 'TransactWriteItemsCommand', 'GetItemCommand']);
    const again = await commandsOf(() => run(() => s.require('campaign', '1')));
    expect(again).toEqual(['GetItemCommand']);
  });
});

describe('what a run keeps', () => {
  const store = () => new SandboxStore('socialads', `keep${Math.random().toString(36).slice(2, 8)}`);

  /** Changes everything a caller was given, nested values and change history included. */
  const tamper = (campaign: Campaign) => {
    campaign.status = 'TAMPERED';
    campaign.targeting!.locations.push('XX');
    if (campaign.history) campaign.history[0]!.before.budget = -1;
  };

  it("cannot be changed through what a read handed out: the run's later reads of the account read what is stored", async () => {
    const s = store();
    await s.create<Campaign>('campaign', { id: '1', status: 'ACTIVE', budget: 10, targeting: { locations: ['DE'] } });
    await s.update('campaign', '1', { budget: 12 });
    const sent = await commandsOf(() =>
      run(async () => {
        (await s.list<Campaign>('campaign')).forEach(tamper);
        (await s.list<Campaign>('campaign', { withHistory: true })).forEach(tamper);
        tamper(await s.require<Campaign>('campaign', '1', { withHistory: true }));
        expect(await s.list<Campaign>('campaign')).toEqual([{ id: '1', status: 'ACTIVE', budget: 12, targeting: { locations: ['DE'] } }]);
        const [withHistory] = await s.list<Campaign>('campaign', { withHistory: true });
        expect(withHistory!.targeting).toEqual({ locations: ['DE'] });
        expect(withHistory!.history!.map((entry) => entry.before)).toEqual([{ budget: 10 }]);
        expect((await s.require<Campaign>('campaign', '1', { withHistory: true })).history!.map((entry) => entry.before)).toEqual([
          { budget: 10 },
        ]);
      }),
    );
    expect(sent).toEqual(['QueryCommand', 'QueryCommand']); // the account's entities and its changes, each read once
  });

  it('cannot be changed through an entity read on its own', async () => {
    const s = store();
    await s.create<Campaign>('campaign', { id: '1', status: 'ACTIVE', budget: 10, targeting: { locations: ['DE'] } });
    const sent = await commandsOf(() =>
      run(async () => {
        tamper(await s.require<Campaign>('campaign', '1'));
        expect(await s.require<Campaign>('campaign', '1')).toEqual({
          id: '1',
          status: 'ACTIVE',
          budget: 10,
          targeting: { locations: ['DE'] },
        });
      }),
    );
    expect(sent).toEqual(['GetItemCommand']);
  });
});

describe('a value made from the run’s read of the account (perRead)', () => {
  let made = 0;
  /** The campaigns' budgets as read, counting how often they are made. */
  const budgets = (s: SandboxStore) =>
    s.perRead('budgets', async () => {
      made++;
      return (await s.list<Campaign>('campaign')).map((c) => c.budget);
    });
  const storeWithCampaign = async (name: string) => {
    const s = new SandboxStore('retailads', `perread-${name}`);
    await s.create<Campaign>('campaign', { id: '1', status: 'ACTIVE', budget: 10 });
    made = 0;
    return s;
  };

  it('is made once per read of the account in a run, and again in the next run', async () => {
    const s = await storeWithCampaign('once');
    await run(async () => {
      await s.list('campaign');
      const first = await budgets(s);
      expect(await budgets(s)).toBe(first);
      // Shared by the run's calls: read only (frozen under Jest).
      expect(() => first.push(0)).toThrow(TypeError);
    });
    expect(made).toBe(1);
    await run(async () => {
      await s.list('campaign');
      await budgets(s);
    });
    expect(made).toBe(2);
  });

  it('is made again after the run writes to the account, from what the write left', async () => {
    const s = await storeWithCampaign('write');
    await run(async () => {
      await s.list('campaign');
      expect(await budgets(s)).toEqual([10]);
      await s.update('campaign', '1', { budget: 25 });
      await s.list('campaign');
      expect(await budgets(s)).toEqual([25]);
    });
    expect(made).toBe(2);
  });

  it('is made every time outside a run, and before the run has read the account', async () => {
    const s = await storeWithCampaign('unread');
    await budgets(s);
    await budgets(s);
    expect(made).toBe(2);
    await run(async () => {
      await budgets(s);
    });
    expect(made).toBe(3);
  });
});
