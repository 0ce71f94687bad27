/** Sandbox figures obey the platforms' arithmetic: part 2 of the read tools (sandbox-figures-check.ts). */
import { describeSandboxFigures } from './sandbox-figures-check';

describeSandboxFigures(2);
