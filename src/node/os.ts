/** Node's os, the part Redline's Node-only code uses (see README.md). */
import * as nodeOs from "node:os";

export interface NodeOs {
	tmpdir: () => string;
	availableParallelism: () => number;
	/** 1, 5 and 15-minute load averages (zeros on Windows). */
	loadavg: () => number[];
	/** One entry per logical core. */
	cpus: () => unknown[];
}

export const { tmpdir, availableParallelism, loadavg, cpus } = nodeOs satisfies NodeOs as NodeOs;
