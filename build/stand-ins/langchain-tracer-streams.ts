/**
 * Stand-in for @langchain/core's tracers/event_stream.js and tracers/log_stream.js in main.js
 * (with the JSON-patch code they pull in, about 20 KB): the handlers behind `streamEvents()`
 * (versions 1 and 2) and `streamLog()`, which Redline never calls. Every `stream()` asks whether
 * such a handler is registered, so the two checks are the real ones (same name tests as
 * @langchain/core 1.4); the handlers themselves are left out.
 */
import { unreachable } from "./unreachable";

interface NamedHandler {
	name?: string;
}

export const isStreamEventsHandler = (handler: NamedHandler): boolean => handler.name === "event_stream_tracer";
export const isLogStreamHandler = (handler: NamedHandler): boolean => handler.name === "log_stream_tracer";

const usedFor = "LangChain's streamEvents() and streamLog()";
export const EventStreamCallbackHandler = unreachable("EventStreamCallbackHandler", usedFor);
export const LogStreamCallbackHandler = unreachable("LogStreamCallbackHandler", usedFor);
export const RunLog = unreachable("RunLog", usedFor);
export const RunLogPatch = unreachable("RunLogPatch", usedFor);
