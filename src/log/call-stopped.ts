/**
 * A call's write refused because the call was stopped, or had already ended: nothing was
 * written. The scope a call runs in (src/agent/call-scope.ts) throws it from its commit gate,
 * and the edit pipeline's commit (src/composer/commit.ts) turns it into an outcome. Like
 * ThreadClosedError (log.ts), it is how work that outlived its call learns it may no longer act;
 * it lives on the ground floor because the floors that throw and catch it sit on either side.
 */
export class CallStopped extends Error {
	constructor(message = "The call was stopped before the write.") {
		super(message);
		this.name = "CallStopped";
	}
}
