// Jest transform: esbuild turns TypeScript (and the ESM-only @middy packages) into CommonJS.
// Type checking is done once by `tsc --noEmit` in `npm test`, not per file here.
const { transformSync } = require('esbuild');

module.exports = {
  process(source, filename) {
    const loader = filename.endsWith('.ts') ? 'ts' : 'js';
    const { code, map } = transformSync(source, {
      loader,
      format: 'cjs',
      target: 'node20',
      sourcemap: 'external',
      sourcefile: filename,
      // import() becomes require(), which Jest's CommonJS runtime can load.
      supported: { 'dynamic-import': false },
    });
    return { code, map };
  },
};
