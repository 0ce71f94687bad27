/** Sandbox figures obey the platforms' arithmetic: part 1 of the read tools (sandbox-figures-check.ts). */
import { describeSandboxFigures } from './sandbox-figures-check';

describeSandboxFigures(1);
