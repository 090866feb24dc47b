/**
 * An on-demand item has already happened: there is nothing to register for, so its card offers
 * the recording on the learning platform instead of the sessions' 'Register now'.
 */
export const WATCH_RECORDING = 'Watch the recording';
