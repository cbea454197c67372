// Function stand-ins: top-level functions of React DOM's production build that Redline's pane
// never reaches, whose bodies alone keep other code in main.js. Each body becomes a throw naming
// the function (build/plugins/function-stand-in.mjs); the function stays, so the switch case or
// the dispatcher table naming it is unchanged. `why`, for the reader, is what the functions are
// for and what would reach them. A function not found exactly once fails the build.
//
// Redline's pane (src/ui/mount.tsx) is one createRoot(container).render(<StrictMode>...): function
// components with hooks (state, reducer, effects, refs, context, memo, useId, useSyncExternalStore),
// host elements other than the hoisted ones, forms submitted through onSubmit, no Suspense
// boundary of its own. test/obsidian/shims/bundle-cuts.test.ts checks that React still does all of
// it through the edited build, and that each function stood in throws naming itself; the bundle
// tests render the pane through main.js.
const client = "react-dom/cjs/react-dom-client.production.js";

export const functionStandIns = [
	{
		file: client,
		// The resource dispatcher (ReactDOMSharedInternals.d) that react-dom's preload(), preinit(),
		// preconnect(), prefetchDNS() and requestFormReset() call: nothing in main.js calls them.
		functions: [
			"prefetchDNS",
			"preconnect",
			"preload",
			"preloadModule",
			"preinitStyle",
			"preinitScript",
			"preinitModuleScript",
			"requestFormReset",
		],
		why: "React DOM's resource hints and preloads, and requestFormReset()",
	},
	{
		file: client,
		// Reached only from fibers tagged 26 (HostHoistable) or 27 (HostSingleton), which
		// createFiberFromTypeAndProps makes only for <title>, <meta>, <link href>, <style precedence>,
		// <script async src> (hoisted into the document's head) and <html>, <head>, <body>; the pane
		// renders none of them (it renders into a container of Obsidian's view).
		functions: [
			"getResource",
			"acquireResource",
			"mountHoistable",
			"createHoistableInstance",
			"preloadResource",
			"suspendResource",
			"resolveSingletonInstance",
			"releaseSingletonInstance",
			"commitHostSingletonAcquisition",
		],
		why: "React DOM's hoisted elements (title, meta, link, stylesheets with precedence, async scripts) and document singletons (html, head, body)",
	},
	{
		file: client,
		// Hydration is entered only from a root made by hydrateRoot() (isDehydrated) or from a
		// boundary that server-rendered HTML left dehydrated; createRoot() makes neither, so
		// `isHydrating` stays false and no event waits on a dehydrated boundary.
		functions: [
			"hydrateRoot",
			"canHydrateInstance",
			"canHydrateTextInstance",
			"prepareToHydrateHostInstance",
			"retryDehydratedSuspenseBoundary",
			"attemptExplicitHydrationTarget",
		],
		why: "React DOM's hydration of server-rendered HTML (hydrateRoot)",
	},
	{
		file: client,
		// beginWork's cases for fibers tagged 1 (a class: Redline's components are functions, and it
		// has no error boundary), 31 (<Activity>) and 19 (<SuspenseList>, which stable React does
		// not even export): createFiberFromTypeAndProps makes them only for those types.
		functions: ["updateClassComponent", "updateActivityComponent", "updateSuspenseListComponent"],
		why: "React's class components, <Activity> and <SuspenseList>",
	},
	{
		file: client,
		// Hooks' implementations for useActionState (and its old name useFormState) and react-dom's
		// useFormStatus: reached only by calling those hooks, which src/ui never does.
		functions: ["mountActionState", "updateActionState", "rerenderActionState", "useHostTransitionStatus"],
		why: "React's useActionState, useFormState and useFormStatus",
	},
	{
		file: client,
		// Reached only for a fiber tagged 30 (<ViewTransition>), or with shouldStartViewTransition,
		// which only such a fiber sets (its completeWork sets the flag 33554432 the commit checks).
		// flushAfterMutationEffects, the commit's after-mutation pass (the view transitions' enter,
		// exit and measure walks), is handed only to startViewTransition, which calls it back; with
		// it goes measureViewTransitionHostInstancesRecursive (stood in here before).
		functions: [
			"startViewTransition",
			"flushAfterMutationEffects",
			"applyViewTransitionToHostInstances",
			"restoreViewTransitionOnHostInstances",
			"scheduleViewTransitionEvent",
			"createViewTransitionInstance",
		],
		why: "React's <ViewTransition> and the document's view transitions",
	},
	{
		file: client,
		// beginWork's cases for fibers tagged 13 (<Suspense>) and 22 (Offscreen, which only a
		// Suspense boundary or <Activity> makes): createFiberFromTypeAndProps makes a Suspense fiber
		// only for a <Suspense> element, which src/ui never renders (nor React.lazy, nor use()).
		// With them go what only they called: canHydrateHydrationBoundary,
		// updateDehydratedSuspenseComponent and retrySuspenseComponentWithoutHydrating.
		functions: ["updateSuspenseComponent", "updateOffscreenComponent"],
		why: "React's <Suspense> boundaries and the offscreen trees they hide",
	},
	{
		file: client,
		// A <form action={fn}> (or a button's formAction) submitted: the pane's forms submit through
		// onSubmit and never pass a function as an action.
		functions: ["startHostTransition"],
		why: "React DOM's form actions (<form action={function}>)",
	},
	{
		file: client,
		// The implementations behind useOptimistic, useDeferredValue, useEffectEvent (updateEvent,
		// with useEffectEventImpl, which only it calls), the compiler's useMemoCache and the cache
		// refresh of unstable_useCacheRefresh: reached only by calling those hooks (or by code the
		// React Compiler emits), which src/ui never does.
		functions: [
			"updateOptimisticImpl",
			"mountDeferredValueImpl",
			"updateDeferredValueImpl",
			"updateEvent",
			"refreshCache",
			"useMemoCache",
		],
		why: "React's useOptimistic, useDeferredValue, useEffectEvent, useMemoCache and cache refresh",
	},
	{
		file: client,
		// A DOM event is replayed, or a boundary retried, only when it was blocked on a dehydrated
		// instance: findInstanceBlockingTarget answers one only for a dehydrated <Suspense> or
		// <Activity> boundary or a root made by hydrateRoot() (all stood in above), so dispatchEvent
		// never queues an event (queueIfContinuousEvent). retryIfBlockedOn and clearHydrationBoundary
		// run only on such instances: a dehydrated fragment (tag 18) deleted, a dehydrated boundary
		// or root committed. With them go the replay queues, form action replays and
		// attemptContinuousHydration (stood in here before; only the replay calls it).
		functions: ["queueIfContinuousEvent", "retryIfBlockedOn", "clearHydrationBoundary"],
		why: "React DOM's replay of events blocked on server-rendered HTML still hydrating",
	},
	{
		file: client,
		// useTransition's start function (startTransition, bound by its mount) and use(): hooks src/ui
		// never calls. useThenable reads a promise handed to use(), to a transition's pending state
		// or to a form's action state; TransitionAwareHostComponent renders a <form> made stateful by
		// a form action (startHostTransition and requestFormReset, stood in above).
		functions: ["startTransition", "use", "useThenable", "TransitionAwareHostComponent"],
		why: "React's useTransition and use(), and the promises they read",
	},
	{
		file: client,
		// Props are set this way only on a custom element (a tag with a hyphen: isCustomElement);
		// the pane's components render none (its untrusted replies are DOM nodes of its own, not React's).
		functions: ["setPropOnCustomElement"],
		why: "React DOM's props on custom elements",
	},
	{
		file: "react-dom/cjs/react-dom.production.js",
		// react-dom's own exports of the resource dispatcher above; main.js requires react-dom only
		// for the internals react-dom/client shares with it.
		functions: [
			"preconnect",
			"prefetchDNS",
			"preinit",
			"preinitModule",
			"preload",
			"preloadModule",
			"requestFormReset",
		],
		why: "react-dom's resource hints and preloads, and requestFormReset()",
	},
];
