import { lazyImport } from '../../functions/lazy-import';
import { loadConnectCode } from '../../functions/load-connect-code';
import { loadPlatformToolCode } from '../../functions/load-platform-tool-code';
import { loadToolCode } from '../../functions/load-tool-code';

describe('lazyImport: one module imported at its first use', () => {
  it('imports once however often it is asked, and answers the same module', async () => {
    const module = { name: 'the module' };
    const load = jest.fn(() => Promise.resolve(module));
    const get = lazyImport(load);
    expect(load).not.toHaveBeenCalled();
    const [first, second] = await Promise.all([get(), get()]);
    expect(await get()).toBe(module);
    expect([first, second]).toEqual([module, module]);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries a failed import again at the next call', async () => {
    const module = { name: 'the module' };
    const load = jest.fn().mockRejectedValueOnce(new Error('disk hiccup')).mockResolvedValueOnce(module);
    const get = lazyImport(load);
    await expect(get()).rejects.toThrow('disk hiccup');
    expect(await get()).toBe(module);
    expect(await get()).toBe(module);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("loads the tool code and the connect pages' code through it", async () => {
    expect(typeof (await loadConnectCode()).connectRoute).toBe('function');
    expect(await loadConnectCode()).toBe(await loadConnectCode());
    expect(typeof (await loadToolCode()).gatewayToolHandler).toBe('function');
    expect(typeof (await loadPlatformToolCode('retailads')).handler).toBe('function');
    expect(await loadPlatformToolCode('retailads')).toBe(await loadPlatformToolCode('retailads'));
  }, 120_000);
});
