import { daySegments, stateAt, type WithHistory } from '../../platforms/sandbox/history';
import { EntityStateError, SandboxStore } from '../../platforms/sandbox/store';
import { useTestTables } from '../support/gateway';

useTestTables();

interface Campaign {
  id: string;
  status: string;
  budget: number;
  end_date?: string;
}

describe('Sandbox change history', () => {
  const store = () => new SandboxStore('searchads', `hist${Math.random().toString(36).slice(2, 8)}`);

  it('rebuilds any past state, and a day split by a change is shared by both states', async () => {
    const s = store();
    await s.create<Campaign>('campaign', { id: '1', status: 'ENABLED', budget: 50 });
    await s.update('campaign', '1', { budget: 80 }, { now: new Date('2026-11-10T06:00:00Z') });
    await s.update('campaign', '1', { status: 'PAUSED', end_date: '2026-12-01' }, { now: new Date('2026-11-12T18:00:00Z') });
    const c = await s.require<WithHistory<Campaign>>('campaign', '1', { withHistory: true });
    expect(stateAt(c, '2026-11-09T00:00:00Z')).toEqual({ id: '1', status: 'ENABLED', budget: 50 });
    expect(stateAt(c, '2026-11-11T00:00:00Z')).toEqual({ id: '1', status: 'ENABLED', budget: 80 });
    expect(stateAt(c, '2026-11-13T00:00:00Z')).toEqual({ id: '1', status: 'PAUSED', budget: 80, end_date: '2026-12-01' });
    expect(daySegments(c, '2026-11-12')).toEqual([
      { state: { id: '1', status: 'ENABLED', budget: 80 }, share: 0.75 },
      { state: { id: '1', status: 'PAUSED', budget: 80, end_date: '2026-12-01' }, share: 0.25 },
    ]);
    expect(daySegments(c, '2026-11-11')).toEqual([{ state: { id: '1', status: 'ENABLED', budget: 80 }, share: 1 }]);
  });

  it('keeps history out of what ports return, and records nothing for a patch that changes nothing', async () => {
    const s = store();
    await s.create<Campaign>('campaign', { id: '1', status: 'ENABLED', budget: 50 });
    await s.update('campaign', '1', { budget: 50 });
    expect((await s.require<WithHistory<Campaign>>('campaign', '1', { withHistory: true })).history).toBeUndefined();
    await s.update('campaign', '1', { budget: 60 });
    expect(await s.list('campaign')).toEqual([{ id: '1', status: 'ENABLED', budget: 60 }]);
    expect(await s.require('campaign', '1')).toEqual({ id: '1', status: 'ENABLED', budget: 60 });
  });

  it('refuses a change whose expected state no longer holds, and loses no entry under concurrent changes', async () => {
    const s = store();
    await s.create<Campaign>('campaign', { id: '1', status: 'ENABLED', budget: 10 });
    await expect(s.update('campaign', '1', { status: 'PAUSED' }, { expect: { status: 'REMOVED' } })).rejects.toBeInstanceOf(
      EntityStateError,
    );
    await Promise.all([11, 12, 13, 14].map((budget) => s.update('campaign', '1', { [`label_${budget}`]: budget })));
    const c = await s.require<WithHistory<Campaign>>('campaign', '1', { withHistory: true });
    expect(c.history).toHaveLength(4);
    expect(stateAt(c, '2000-01-01T00:00:00Z')).toEqual({ id: '1', status: 'ENABLED', budget: 10 });
  });
});
