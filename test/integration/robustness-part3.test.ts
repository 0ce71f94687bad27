/** Bad input gets a clear 400, never a 500: part 3 of the sweep over every tool (robustness-sweep.ts). */
import { describeRobustnessSweep } from './robustness-sweep';

describeRobustnessSweep(3);
