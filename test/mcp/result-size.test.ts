/** Long tool answers over MCP: the text is cut with a size hint, the structured result stays whole. */
import { fitText, MAX_TEXT_CHARS, toCallToolResult } from '../../functions/mcp/call';

describe('MCP result size', () => {
  const rows = Array.from({ length: 3000 }, (_, i) => `| Campaign ${i} | 12.50 | 3 |`);
  const longText = ['## Campaigns', '', ...rows].join('\n');

  it('cuts a long Markdown answer at a line end, says how much is left out and where the rest is', () => {
    const fitted = fitText(longText);
    expect(fitted.cut).toBe(true);
    expect(fitted.text.length).toBeLessThan(MAX_TEXT_CHARS + 400);
    expect(fitted.text.split('\n\n… ')[0].endsWith('|')).toBe(true);
    expect(fitted.text).toMatch(
      /more characters of this answer are left out here \(\d+ KB in all\).*structuredContent holds the whole result/,
    );
    expect(fitText('short').text).toBe('short');
  });

  it('keeps structuredContent complete and notes the sizes in _meta', () => {
    const structured = { campaigns: rows.map((_, i) => ({ id: String(i) })) };
    const result = toCallToolResult({
      statusCode: 200,
      headers: { 'X-Request-Id': 'r1' },
      body: JSON.stringify({ success: true, data: { text: longText, structured, quota: { used: 1 } } }),
    });
    expect((result.structuredContent as { campaigns: unknown[] }).campaigns).toHaveLength(3000);
    expect(result._meta).toMatchObject({ size: { text_chars: longText.length, truncated: true } });
    expect(String(result.content[0].text).length).toBeLessThan(longText.length);
  });
});
