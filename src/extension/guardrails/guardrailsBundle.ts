// The entry of dist/guardrails.mjs, loaded on first use (see kit/lazy/loadGuardrails.ts). The extension bundle imports only its types.
export { accountSettings } from './accountSettings';
export { showAccountLook } from './accountLookFeatures';
export { checkWrite } from './writeDecision';
export { accountLabelItems, lookTextOf, updateRefusal } from './accountLookText';
export { confirmPipelineWrite, pipelineWriteRefusal } from './pipelineWriteQuestion';
