// The entry of dist/originalFeatures.js, loaded on first use (see loadOriginalFeatures.ts). The extension
// bundle imports only its types.
export { databaseExtras } from './databaseExtras';
export { addUser } from '../users/addUser';
export { removeUser } from '../users/removeUser';
export { copyDatabase } from '../copyDatabase/copyDatabase';
export { showDeploymentStats } from '../deploymentStats/showDeploymentStats';
export { showOperationDetails, openSlowQueryInPlayground } from '../databaseActivity/openSlowQuery';
export { explainSlowQuery } from '../databaseActivity/explainSlowQuery';
