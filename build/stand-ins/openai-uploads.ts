/**
 * Stand-in for the OpenAI client's file uploads in main.js (multipart and streaming form bodies,
 * `toFile`; about 10 KB; client.mjs's imports only, see build/cuts/stand-ins.mjs). The client runs them only
 * for requests that upload files (files, audio, images, uploads...), whose API areas main.js
 * already leaves out (generated stand-ins, build/cuts/stand-ins.mjs); chat completions send JSON.
 */
import { unreachable } from "./unreachable";

/**
 * Every chat completion request asks this to finish a streaming form body it may have. Such a
 * body is made only by the upload code left out here, so there is never one to finish: the real
 * function then leaves the options alone, as this one does.
 */
export function finalizeStreamingFormRequestOptions(options: { body?: unknown }): void {
	void options;
}

const usedFor = "file uploads through the OpenAI client";
export const hasUploadableValue = unreachable("hasUploadableValue", usedFor);
export const maybeMultipartFormRequestOptions = unreachable("maybeMultipartFormRequestOptions", usedFor);
export const toFile = unreachable("toFile", usedFor);
export const toStreamingFile = unreachable("toStreamingFile", usedFor);
