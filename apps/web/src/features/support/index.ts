/** The support desk: what other features may use. */
export { supportKeys } from './support-queries';
