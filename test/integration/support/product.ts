/** `publisher.name` from package.json. */
export const productExtensionId = 'dbhost.dbhost';
