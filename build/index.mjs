// Bundle surgery, in one home: the cuts that keep main.js small, and the esbuild plugins that apply
// and check them. README.md lists every cut: what it removes, why that is safe, how it is checked.
//   cuts/      what is cut, one module per kind of cut, each cut with its reason
//   plugins/   how, one esbuild plugin per mechanism (package-edits.mjs serves the three kinds that
//              edit a package's text); each fails the build when a cut no longer fits
//   stand-ins/ the TypeScript stand-ins bundled in place of what was cut
// esbuild.config.mjs composes the plugins with the cuts.
export { budgetPlugin } from "./plugins/budget.mjs";
export { forbiddenInputsPlugin } from "./plugins/forbidden-inputs.mjs";
export { legalNoticePlugin } from "./plugins/legal-notice.mjs";
export { standInFunctions } from "./plugins/function-stand-in.mjs";
export { standInMethods } from "./plugins/method-stand-in.mjs";
export { packageEditsPlugin } from "./plugins/package-edits.mjs";
export { productionReactPlugin } from "./plugins/production-react.mjs";
export { sideEffectFreePlugin } from "./plugins/side-effect-free.mjs";
export { standInsPlugin } from "./plugins/stand-ins.mjs";

export { maxBytes } from "./cuts/budget.mjs";
export { forbiddenInputs } from "./cuts/forbidden.mjs";
export { legalNotice } from "./cuts/legal-notice.mjs";
export { functionStandIns } from "./cuts/function-stand-ins.mjs";
export { methodStandIns } from "./cuts/method-stand-ins.mjs";
export { productionReact } from "./cuts/production-react.mjs";
export { noLookbehind, rewrites } from "./cuts/rewrites.mjs";
export { sideEffectFree } from "./cuts/side-effect-free.mjs";
export { asyncHooks, langsmith, standIns } from "./cuts/stand-ins.mjs";
