// Jest transform: esbuild turns TypeScript (and the ESM-only @middy packages) into CommonJS.
// Type checking is done once by `tsc --noEmit` in `npm test`, not per file here.
const { createHash } = require('node:crypto');
const { transformSync, version } = require('esbuild');

const options = {
  format: 'cjs',
  target: 'node20',
  sourcemap: 'external',
  // import() becomes require(), which Jest's CommonJS runtime can load.
  supported: { 'dynamic-import': false },
  // Modules are strict code (and tsconfig says "strict"); CommonJS output is not unless told, and
  // in sloppy code changing a frozen object (a shared sandbox state, platforms/sandbox/history.ts)
  // would be silently ignored instead of throwing.
  tsconfigRaw: { compilerOptions: { alwaysStrict: true } },
};

module.exports = {
  process(source, filename) {
    const loader = filename.endsWith('.ts') ? 'ts' : 'js';
    const { code, map } = transformSync(source, { ...options, loader, sourcefile: filename });
    return { code, map };
  },
  // Jest's cache key leaves out the transformer's own options: a change of them must reach cached files.
  getCacheKey(source, filename, { configString }) {
    return createHash('sha1')
      .update(source)
      .update(filename)
      .update(configString)
      .update(version)
      .update(JSON.stringify(options))
      .digest('hex');
  },
};
