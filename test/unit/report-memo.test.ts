/**
 * ReportMemo (platforms/sandbox/day-memo.ts): the per-process memo of whole sandbox reports. What every
 * platform's reports rely on: a report over finished days is computed once per account state and query,
 * a report that reaches today is computed every time, the memo holds a bounded number of rows (least
 * recently used report dropped first), and kept rows cannot be changed by a caller.
 */
import { REPORT_ROWS_KEPT, ReportMemo } from '../../platforms/sandbox/day-memo';

const TODAY = '2026-11-29';
const YESTERDAY = '2026-11-28';

/** A memo and a report of `rows` rows that counts how often it is computed. */
function counting(rows: number) {
  const memo = new ReportMemo<{ id: string; spend: number }>();
  const computed: string[] = [];
  const read = (scope: string, query: string, lastDay = YESTERDAY, inputs: object = ['campaign']) =>
    memo.rows(scope, inputs, query, lastDay, TODAY, () => {
      computed.push(`${scope} ${query}`);
      return Array.from({ length: rows }, (_, i) => ({ id: `${i}`, spend: i }));
    });
  return { read, computed };
}

describe('ReportMemo', () => {
  it('computes a finished report once per account, entities and query', () => {
    const { read, computed } = counting(3);
    expect(read('searchads#1', 'campaign|2026-11-01|2026-11-28')).toEqual(read('searchads#1', 'campaign|2026-11-01|2026-11-28'));
    read('searchads#2', 'campaign|2026-11-01|2026-11-28');
    read('searchads#1', 'ad|2026-11-01|2026-11-28');
    read('searchads#1', 'campaign|2026-11-01|2026-11-28', YESTERDAY, ['campaign', 'paused']);
    expect(computed).toEqual([
      'searchads#1 campaign|2026-11-01|2026-11-28',
      'searchads#2 campaign|2026-11-01|2026-11-28',
      'searchads#1 ad|2026-11-01|2026-11-28',
      'searchads#1 campaign|2026-11-01|2026-11-28',
    ]);
  });

  it('computes a report that reaches today every time', () => {
    const { read, computed } = counting(3);
    read('searchads#1', 'campaign|2026-11-01|2026-11-29', TODAY);
    read('searchads#1', 'campaign|2026-11-01|2026-11-29', TODAY);
    expect(computed).toHaveLength(2);
  });

  it(`keeps at most ${REPORT_ROWS_KEPT} rows: the least recently read report goes first`, () => {
    const perReport = REPORT_ROWS_KEPT / 4;
    const { read, computed } = counting(perReport);
    for (const query of ['a', 'b', 'c', 'd']) read('searchads#1', query);
    read('searchads#1', 'a'); // read again: now the most recent
    read('searchads#1', 'e'); // one report too many: b, the least recently read, goes
    computed.length = 0;
    for (const query of ['a', 'c', 'd', 'e']) read('searchads#1', query);
    expect(computed).toEqual([]);
    read('searchads#1', 'b');
    expect(computed).toEqual(['searchads#1 b']);
  });

  it('hands out rows a caller cannot change (frozen under Jest)', () => {
    const { read } = counting(2);
    const [row] = read('searchads#1', 'campaign|2026-11-01|2026-11-28');
    expect(() => {
      (row as { spend: number }).spend = 99;
    }).toThrow(TypeError);
    expect(read('searchads#1', 'campaign|2026-11-01|2026-11-28')[0]).toEqual({ id: '0', spend: 0 });
  });
});
