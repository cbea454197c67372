// What a build put in its output, read from esbuild's metafile (the plugins that check the output
// turn the metafile on).

/** The inputs with bytes in some output (an input esbuild shook to nothing counts as left out). */
export function inputsInOutput(metafile) {
	return Object.values(metafile.outputs).flatMap((output) =>
		Object.entries(output.inputs)
			.filter(([, input]) => input.bytesInOutput > 0)
			.map(([file]) => file),
	);
}
