// Forbidden inputs: modules that must not be in main.js at all, each because a cut keeps it out.
// Finding one in the output (a stand-in no longer used, a new import of what was cut) fails the
// build, naming the file and the cut; the list is build/cuts/forbidden.mjs.
import { inputsInOutput } from "./metafile.mjs";

/** Fails the build when an input matching a `pattern` of `forbidden` has bytes in the output. */
export function forbiddenInputsPlugin(forbidden) {
	return {
		name: "forbidden-inputs",
		setup(build) {
			build.initialOptions.metafile = true;
			build.onEnd((result) => {
				if (!result.metafile) return undefined;
				const inputs = inputsInOutput(result.metafile);
				const errors = forbidden.flatMap(({ pattern, why }) =>
					inputs
						.filter((file) => pattern.test(file))
						.map((file) => ({
							text: `forbidden-inputs: ${file} is in main.js, but ${why} must not be; review build/cuts/`,
						})),
				);
				return { errors };
			});
		},
	};
}
