// The budget: the most bytes the minified main.js may weigh (Obsidian compiles all of it at every
// start). A production build past it fails, and so does CI; a development build (not minified) is
// larger and is not held to it. The number is build/cuts/budget.mjs.
const kb = (bytes) => (bytes / 1024).toFixed(1);

/** Fails a minified build whose output is over `maxBytes`. */
export function budgetPlugin(maxBytes) {
	return {
		name: "budget",
		setup(build) {
			build.initialOptions.metafile = true;
			build.onEnd((result) => {
				if (!result.metafile || !build.initialOptions.minify) return undefined;
				const errors = Object.entries(result.metafile.outputs)
					.filter(([, output]) => output.bytes > maxBytes)
					.map(([file, output]) => ({
						text: `budget: ${file} is ${kb(output.bytes)} KB, over its ${kb(maxBytes)} KB budget (build/cuts/budget.mjs): every byte is compiled at each Obsidian start; see what grew with npx tsx bench/support/bundle-composition.ts`,
					}));
				return { errors };
			});
		},
	};
}
