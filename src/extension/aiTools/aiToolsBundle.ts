// The entry of dist/aiTools.mjs, loaded at the first tool call (see registerAiTools.ts). The extension bundle imports only its types.
export { AiToolHost } from './aiToolHost';
