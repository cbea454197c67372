// Licence comments: esbuild keeps each bundled file's (`/*!`, `//!`, `@license`, `@preserve`) at
// the end of main.js, which was the same React notice five times (1.3 KB). main.js carries one
// notice naming those packages instead; a package in main.js with a licence comment the notice
// does not name fails the build, so no notice is dropped unseen (build/plugins/legal-notice.mjs).
export const legalNotice = {
	packages: ["react", "react-dom", "scheduler"],
	text: "react, react-dom, scheduler: Copyright (c) Meta Platforms, Inc. and affiliates. Licensed under the MIT license.",
};
