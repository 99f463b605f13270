// The entry of dist/originalFeatures.mjs, loaded on first use (kit/lazy/loadOriginalFeatures.ts): the work of the
// original service's extras, whose features (users, databaseActivity, copyDatabase, deploymentStats) declare
// their commands and tree items in their own folders. The extension bundle imports only its types.
export { usersUnder } from '../users/usersUnder';
export { addUser } from '../users/addUser';
export { removeUser } from '../users/removeUser';
export { activityUnder } from '../databaseActivity/activityUnder';
export { showOperationDetails, openSlowQueryInPlayground } from '../databaseActivity/openSlowQuery';
export { explainSlowQuery } from '../databaseActivity/explainSlowQuery';
export { copyDatabase } from '../copyDatabase/copyDatabase';
export { showDeploymentStats } from '../deploymentStats/showDeploymentStats';
