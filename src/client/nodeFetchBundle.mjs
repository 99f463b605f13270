// The entry of dist/nodeFetch.js: node-fetch on its own, loaded by the extension at its first request
// (see loadNodeFetch in fetchFunction.ts), so that activation does not pay for it.
// eslint-disable-next-line no-restricted-exports -- a bundle entry that hands node-fetch's own default export on
export { default } from 'node-fetch';
