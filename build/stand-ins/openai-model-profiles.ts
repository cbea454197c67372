/**
 * Stand-in for @langchain/openai's chat_models/profiles.js in main.js: a 13 KB table of model
 * capabilities (context size, image input...) read only by the public `model.profile` getter.
 * Neither Redline nor LangChain's chat path reads it; `profile` answers `{}`, as the real getter
 * does for a model it does not know.
 */
const profiles: Record<string, never> = {};
export default profiles;
