/**
 * Local runs only (npm start, tests, the gateway command) on Node 20: the AWS SDK warns once that
 * its releases after January 2027 need Node 22. Lambda runs nodejs22.x, so the warning is noise here.
 */
const emitWarning = process.emitWarning.bind(process);
process.emitWarning = ((warning: string | Error, ...rest: unknown[]) => {
  const text = typeof warning === 'string' ? warning : warning?.message;
  if (text?.startsWith('NodeVersionSupportWarning')) return;
  return (emitWarning as (...args: unknown[]) => void)(warning, ...rest);
}) as typeof process.emitWarning;
