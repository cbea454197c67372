// React's entry files (react, react/jsx-runtime, react-dom, react-dom/client, scheduler) only pick
// the production or development build by NODE_ENV, which main.js's build knows; react-dom's also
// first call checkDCE(), which exists for React DevTools alone (it hands itself to the DevTools
// hook, so DevTools can tell a development build shipped as production; the hook React itself
// talks to is react-dom-client's, and stays). A production main.js imports the production builds
// directly: five CommonJS wrappers and two checks less (build/plugins/production-react.mjs).
export const productionReact = {
	react: "react/cjs/react.production.js",
	"react/jsx-runtime": "react/cjs/react-jsx-runtime.production.js",
	"react-dom": "react-dom/cjs/react-dom.production.js",
	"react-dom/client": "react-dom/cjs/react-dom-client.production.js",
	scheduler: "scheduler/cjs/scheduler.production.js",
};
