// One licence notice: esbuild keeps each bundled file's licence comment (`/*!`, `//!`, `@license`,
// `@preserve`) at the end of the output, which for main.js was the same React notice five times.
// This puts one notice naming those packages there instead, and fails the build when a package in
// the output has a licence comment the notice does not name, so none is dropped unseen. The
// notice is build/cuts/legal-notice.mjs.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { inputsInOutput } from "./metafile.mjs";

const licenceComment = /\/\*!|\/\/!|@license|@preserve/;

/** Replaces the bundled files' licence comments by `notice.text`, for `notice.packages`. */
export function legalNoticePlugin(notice) {
	const named = new Set(notice.packages);
	return {
		name: "legal-notice",
		setup(build) {
			build.initialOptions.metafile = true;
			build.initialOptions.legalComments = "none";
			build.initialOptions.footer = { js: `/*! ${notice.text} */` };
			build.onEnd(async (result) => {
				if (!result.metafile) return undefined;
				const errors = [];
				for (const file of inputsInOutput(result.metafile)) {
					const name = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(file)?.[1];
					// Our own files, the named packages and stand-ins written by a plugin (a namespace) carry none to keep.
					if (name === undefined || named.has(name) || file.includes(":")) continue;
					if (licenceComment.test(await readFile(path.resolve(file), "utf8")))
						errors.push({
							text: `legal-notice: ${file} has a licence comment, which main.js leaves out: name ${name} in legalNotice (build/cuts/legal-notice.mjs)`,
						});
				}
				return { errors };
			});
		},
	};
}
